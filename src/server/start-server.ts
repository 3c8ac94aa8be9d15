/**
 * Starts the fake on HTTP; resolves once it listens. The public API is answered by the
 * node:http door (public-door.ts); everything else by the express app, loaded when first needed.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createMockCore, type MockCore, type MockOptions } from '../mock/mock-core.js'
import { lazyApp } from './lazy-app.js'
import { createPublicDoor } from './public-door.js'

export interface ServerOptions extends MockOptions {
  /** 0 (default) picks a free port. */
  port?: number
  /** Default 127.0.0.1. */
  host?: string
}

export interface RunningServer {
  /** `http://HOST:PORT` */
  readonly url: string
  /** The fake behind the server: its world, clock and reset (no msw handlers: see createMock for those). */
  readonly mock: MockCore
  readonly server: Server
  /** Stops accepting connections, lets in-flight requests finish (at most `graceMs`), then resolves. */
  close(graceMs?: number): Promise<void>
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const mock = createMockCore(options)
  const server = createServer(createPublicDoor(mock, lazyApp(mock)))
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
