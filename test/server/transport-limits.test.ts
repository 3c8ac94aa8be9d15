/**
 * Transport limits of the standalone server (docs/control-plane.md, Limits): a request whose headers or
 * body are withheld is answered 408 (JSON) and its connection closed once the request timeout
 * passes, instead of holding up to 1 MiB per connection for Node's 300 s; connections beyond the
 * cap are closed at once. The timeouts are set short here (200 ms) so the test never waits long.
 */
import { connect, type Socket } from 'node:net'
import { afterEach, expect, it } from 'vitest'
import { DEFAULT_TRANSPORT_LIMITS, startServer, type RunningServer } from '../../src/server/start-server.js'
import { parseAnswer } from '../support/raw-http.js'

let running: RunningServer | null = null
afterEach(async () => {
  await running?.close(100)
  running = null
})

const portOf = (server: RunningServer): number => Number(new URL(server.url).port)

/** Opens a socket, writes `text`, and resolves with what the server sent and how long it took to close. */
function withhold(port: number, text: string, limitMs: number): Promise<{ answer: string; ms: number; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const started = Date.now()
    const socket: Socket = connect(port, '127.0.0.1', () => socket.write(text))
    let answer = ''
    const guard = setTimeout(() => {
      socket.destroy()
      resolve({ answer, ms: Date.now() - started, closed: false })
    }, limitMs)
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()))
    socket.on('close', () => {
      clearTimeout(guard)
      resolve({ answer, ms: Date.now() - started, closed: true })
    })
    socket.on('error', reject)
  })
}

it('defaults: headers and whole request within 10 s, keep-alive 5 s, 503 past 4,096 connections', async () => {
  running = await startServer({ port: 0 })
  expect(DEFAULT_TRANSPORT_LIMITS).toEqual({ headersTimeoutMs: 10_000, requestTimeoutMs: 10_000, keepAliveTimeoutMs: 5_000, maxConnections: 4_096 })
  const { server } = running
  // No Node cap: past limits.maxConnections the server answers 503 itself instead of resetting.
  expect([server.headersTimeout, server.requestTimeout, server.keepAliveTimeout, server.maxConnections]).toEqual([10_000, 10_000, 5_000, undefined])
})

it.each([
  [
    'a withheld body (10 of 1000 bytes sent)',
    'POST /api/v1/task HTTP/1.1\r\nHost: h\r\nx-api-key: k\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"model":',
  ],
  ['a withheld admin body', 'POST /__admin/accounts HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"api_key"'],
  ['withheld headers', 'GET /api/v1/account/usage HTTP/1.1\r\nHost: h\r\nx-api-'],
])('%s: JSON 408 and the connection closed after the request timeout', async (_what, text) => {
  running = await startServer({ port: 0, limits: { headersTimeoutMs: 200, requestTimeoutMs: 200 } })
  // Load the express app (admin routes) first, so the time measured is the timeout's alone.
  expect((await fetch(`${running.url}/__admin/health`)).status).toBe(200)
  const result = await withhold(portOf(running), text, 5_000)
  expect(result.closed, `still open after 5 s; got ${JSON.stringify(result.answer)}`).toBe(true)
  expect(result.ms).toBeLessThan(3_000)
  const answer = parseAnswer(result.answer)
  expect(answer.status).toBe(408)
  expect(answer.headers['content-type']).toBe('application/json')
  expect(answer.json).toEqual({ code: 408, message: 'Request timeout: the request was not received whole within 0.2 s' })
})

it('answers a connection beyond maxConnections with a JSON 503 and Retry-After, then closes it (no reset); one frees a place', async () => {
  running = await startServer({ port: 0, limits: { maxConnections: 2 } })
  const port = portOf(running)
  const open = await Promise.all(
    [0, 1].map(
      () =>
        new Promise<Socket>((resolve) => {
          const socket = connect(port, '127.0.0.1', () => resolve(socket))
        }),
    ),
  )
  // Let the server accept both before the third arrives.
  await new Promise((resolve) => setTimeout(resolve, 50))
  const third = await withhold(port, 'GET /__admin/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', 2_000)
  expect(third.closed).toBe(true)
  const refused = parseAnswer(third.answer)
  expect(refused.status).toBe(503)
  expect(refused.headers['retry-after']).toBe('1')
  expect(refused.headers['connection']).toBe('close')
  expect(refused.json).toEqual({ code: 503, message: 'Server busy: 2 connections are open (limits.maxConnections); retry in 1 s' })
  open[0]!.destroy()
  await new Promise((resolve) => setTimeout(resolve, 50))
  const fourth = await withhold(port, 'GET /__admin/health HTTP/1.1\r\nHost: 127.0.0.1\r\nconnection: close\r\n\r\n', 5_000)
  expect(parseAnswer(fourth.answer).status).toBe(200)
  open[1]!.destroy()
})
