/** Starts the fake on HTTP; resolves once it listens. */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createMock, type Mock, type MockOptions } from '../mock/create-mock.js'
import { createApp } from './create-app.js'

export interface ServerOptions extends MockOptions {
  /** 0 (default) picks a free port. */
  port?: number
  /** Default 127.0.0.1. */
  host?: string
}

export interface RunningServer {
  /** `http://HOST:PORT` */
  readonly url: string
  readonly mock: Mock
  readonly server: Server
  /** Stops accepting connections, lets in-flight requests finish (at most `graceMs`), then resolves. */
  close(graceMs?: number): Promise<void>
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const mock = createMock(options)
  const server = createServer(createApp(mock))
  const host = options.host ?? '127.0.0.1'
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  const shown = host.includes(':') ? `[${host}]` : host
  return {
    url: `http://${shown}:${port}`,
    mock,
    server,
    close: (graceMs = 5_000) =>
      new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), graceMs).unref()
        server.close(() => {
          clearTimeout(force)
          resolve()
        })
        server.closeIdleConnections()
      }),
  }
}
