/**
 * An HTTP/1.1 request without a Host header (the standard requires one) gets a JSON 400 like every
 * other refusal, on every route, not Node's bare `400 Bad Request` with an empty body.
 */
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from '../../src/server/start-server.js'

/** Sends raw request text and resolves with the whole answer once the server closes or answers. */
function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text))
    let answer = ''
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()))
    socket.on('end', () => resolve(answer))
    socket.on('error', reject)
  })
}

describe('a request without a Host header', () => {
  let running: RunningServer
  beforeAll(async () => {
    running = await startServer({ scenario: 'version: 1\naccounts: [{ api_key: demo-key, credits: 10 }]', port: 0, host: '127.0.0.1' })
  })
  afterAll(() => running.close())

  it.each(['GET /api/v1/account/usage', 'GET /__admin/health', 'POST /__admin/reset', 'GET /assets/audio/x.wav', 'GET /nothing'])(
    '%s → JSON 400',
    async (line) => {
      const port = Number(new URL(running.url).port)
      const answer = await rawRequest(port, `${line} HTTP/1.1\r\nx-api-key: demo-key\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`)
      const [head, body] = answer.split('\r\n\r\n')
      expect(head).toMatch(/^HTTP\/1\.1 400 /)
      expect(head!.toLowerCase()).toContain('content-type: application/json')
      expect(JSON.parse(body!)).toEqual({ code: 400, message: 'Malformed HTTP request: an HTTP/1.1 request needs a Host header' })
    },
  )

  it('is still answered normally when the Host header is there', async () => {
    const port = Number(new URL(running.url).port)
    const answer = await rawRequest(port, `GET /api/v1/account/usage HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\nx-api-key: demo-key\r\nconnection: close\r\n\r\n`)
    expect(answer).toMatch(/^HTTP\/1\.1 200 /)
  })
})
