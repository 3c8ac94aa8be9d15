/**
 * Starts the fake on HTTP; resolves once it listens. The public API is answered by the
 * node:http door (public-door.ts); everything else (media, `/__admin`, unknown routes) by the
 * express app with the msw handlers, loaded when first needed.
 */
import { createServer, STATUS_CODES, type Server } from 'node:http'
import type { Duplex } from 'node:stream'
import type { AddressInfo } from 'node:net'
import { isLoopback } from '../admin/admin-auth.js'
import type { MockControl } from '../admin/control.js'
import { adminHostOf, createMockCore, type MockClock, type MockCore, type MockOptions } from '../mock/mock-core.js'
import type { ScenarioInput } from '../mock/resolve-scenario.js'
import { lazyApp } from './lazy-app.js'
import { createPublicDoor } from './public-door.js'
import { requireHost } from './require-host.js'

export interface ServerOptions extends MockOptions {
  /** 0 (default) picks a free port. */
  port?: number
  /** Default 127.0.0.1. */
  host?: string
  /**
   * Required on every `/__admin` request when set (Authorization: Bearer TOKEN, or x-admin-token).
   * On a host that is not a loopback address the admin API stays closed without one.
   */
  adminToken?: string
  /** Runs before the server listens (e.g. `--state` restores and saves the world): no request sees the world before it. */
  prepare?: (mock: MockCore) => Promise<void>
}

/** The server, plus the same control as the in-process mock (`running.clock.advance('5m')`, `running.report()`…). */
export interface RunningServer extends MockControl {
  /** `http://HOST:PORT` */
  readonly url: string
  readonly clock: MockClock
  reset(scenario?: ScenarioInput): void
  /** The fake behind the server: world, clock and controls (its msw handlers: see createMock). */
  readonly mock: MockCore
  readonly server: Server
  /** Stops accepting connections, lets in-flight requests finish (at most `graceMs`), then resolves. */
  close(graceMs?: number): Promise<void>
}

/**
 * Requests Node's parser refuses before any handler runs (headers or URL over 16 KiB, a
 * malformed request line) get a JSON error like every other answer, instead of an empty body.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy()
    return
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'HPE_URI_TOO_LONG' ? 414 : 400
  const message =
    status === 400 ? `Malformed HTTP request: ${error.message}` : 'Request headers and URL together exceed the 16 KiB limit'
  const body = JSON.stringify({ code: status, message })
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  )
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const mock = createMockCore(options)
  await options.prepare?.(mock)
  const host = options.host ?? '127.0.0.1'
  const admin = { token: options.adminToken, exposedOn: isLoopback(host) ? undefined : host }
  const server = createServer({ requireHostHeader: false }, requireHost(createPublicDoor(mock, lazyApp(adminHostOf(mock), { admin }))))
  server.on('clientError', answerClientError)
  let closing = false
  // Once closing, a keep-alive connection is let go as soon as its in-flight answer is sent.
  server.on('request', (_req, res) => {
    res.once('finish', () => {
      if (closing) setImmediate(() => server.closeIdleConnections())
    })
  })
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
    clock: mock.clock,
    reset: (scenario) => mock.reset(scenario),
    accounts: mock.accounts,
    tasks: mock.tasks,
    journal: (filter) => mock.journal(filter),
    report: (filter) => mock.report(filter),
    health: () => mock.health(),
    close: (graceMs = 5_000) =>
      new Promise<void>((resolve) => {
        closing = true
        const force = setTimeout(() => server.closeAllConnections(), graceMs).unref()
        server.close(() => {
          clearTimeout(force)
          resolve()
        })
        server.closeIdleConnections()
      }),
  }
}
