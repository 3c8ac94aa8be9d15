/**
 * A small node:http upstream on 127.0.0.1 for record tests: each request is answered by the
 * test's own function, so an upstream that echoes keys in odd encodings, sends huge outputs or
 * odd headers is a few lines of test.
 */
import { createServer, type IncomingMessage } from 'node:http'
import { listen } from '../../src/server/listen.js'

export interface FakeAnswer {
  status: number
  headers?: Record<string, string>
  /** A string is sent as is; anything else as JSON. */
  body: unknown
}

export interface FakeUpstream {
  url: string
  close(): Promise<void>
}

export async function fakeUpstream(answer: (request: { method: string; path: string; key: string | null; body: string }) => FakeAnswer): Promise<FakeUpstream> {
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const key = typeof req.headers['x-api-key'] === 'string' ? req.headers['x-api-key'] : null
      const reply = answer({ method: req.method ?? 'GET', path: req.url ?? '/', key, body: Buffer.concat(chunks).toString('utf8') })
      const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body)
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers })
      res.end(text)
    })
  })
  const url = await listen(server, 0, '127.0.0.1')
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
