/**
 * Lingering close is bounded (src/server/lingering-close.ts): after a 413 the server reads and
 * discards what still comes, but a client that stops sending without closing is let go once it
 * has been quiet for LINGER_IDLE_MS, and what it sent behind the refused body is never answered.
 */
import { connect } from 'node:net'
import { afterEach, expect, it } from 'vitest'
import { LINGER_IDLE_MS, LINGER_MS } from '../../src/server/lingering-close.js'
import { startServer, type RunningServer } from '../../src/server/start-server.js'
import { parseAnswer } from '../support/raw-http.js'

let running: RunningServer | null = null
afterEach(async () => {
  await running?.close(1_000)
  running = null
})

it('closes a connection whose client went quiet after its refused body, once it has been quiet for LINGER_IDLE_MS', { timeout: 20_000 }, async () => {
  running = await startServer({ scenario: 'version: 1\naccounts: [{ api_key: k, credits: 10 }]\n' })
  const { port } = new URL(running.url)
  const head = `POST /api/v1/task HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nx-api-key: k\r\ncontent-type: application/json\r\ncontent-length: ${10 * 1024 * 1024}\r\n\r\n`
  const socket = connect(Number(port), '127.0.0.1')
  let answer = ''
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')))
  const ended = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())))
  socket.on('error', () => undefined)
  await new Promise<void>((resolve) => socket.once('connect', resolve))
  socket.write(head)
  // Part of the body, then nothing more: the client neither sends the rest nor closes.
  socket.write(Buffer.alloc(256 * 1024, 'x'))
  const quietFrom = Date.now()
  const closedAt = await ended
  expect(parseAnswer(answer).status).toBe(413)
  // Let go for its silence, long before the overall bound (LINGER_MS, 30 s).
  expect(closedAt - quietFrom).toBeLessThan(LINGER_IDLE_MS + 5_000)
  expect(LINGER_IDLE_MS + 5_000).toBeLessThan(LINGER_MS)
})
