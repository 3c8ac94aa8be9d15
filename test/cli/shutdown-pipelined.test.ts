/**
 * SIGTERM under load: every request whose bytes reached the server before the signal gets its
 * answer, then the server closes and exits 0. Several connections each send a batch of
 * pipelined requests in one write; the signal follows at once, before the server can have read
 * them all (some connections are not even accepted yet).
 */
import { connect, type Socket } from 'node:net'
import { expect, it } from 'vitest'
import { startCli } from '../support/spawn-cli.js'

const CONNECTIONS = 16
const PER_CONNECTION = 40

it(`answers all ${CONNECTIONS * PER_CONNECTION} pipelined requests sent before SIGTERM, then exits 0`, async () => {
  const cli = await startCli(['--port', '0'])
  const { port } = new URL(cli.url)
  const request = `GET /api/v1/account/usage HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nx-api-key: demo-key\r\n\r\n`
  const sockets = await Promise.all(
    Array.from(
      { length: CONNECTIONS },
      () =>
        new Promise<Socket>((resolve, reject) => {
          const socket = connect(Number(port), '127.0.0.1', () => resolve(socket))
          socket.once('error', reject)
        }),
    ),
  )
  const answered = sockets.map(
    (socket) =>
      new Promise<{ answers: number; error: string | null }>((resolve) => {
        let text = ''
        let error: string | null = null
        socket.on('data', (chunk: Buffer) => (text += chunk.toString()))
        socket.on('error', (failure: NodeJS.ErrnoException) => (error = failure.code ?? failure.message))
        socket.on('close', () => resolve({ answers: text.match(/HTTP\/1\.1 200 /g)?.length ?? 0, error }))
      }),
  )
  // Every request is written before the signal is sent; none is read by then, for sure.
  await Promise.all(sockets.map((socket) => new Promise<void>((resolve) => socket.write(request.repeat(PER_CONNECTION), () => resolve()))))
  cli.child.kill('SIGTERM')
  const guard = setTimeout(() => sockets.forEach((socket) => socket.destroy()), 15_000)
  const results = await Promise.all(answered)
  clearTimeout(guard)
  expect(results).toEqual(Array.from({ length: CONNECTIONS }, () => ({ answers: PER_CONNECTION, error: null })))
  expect(await cli.exited).toEqual({ code: 0, signal: null })
})
