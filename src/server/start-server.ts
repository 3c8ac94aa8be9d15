/** Starts the fake on HTTP; resolves once it listens. */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { isLoopback } from '../admin/admin-auth.js'
import type { MockControl } from '../admin/control.js'
import { createMock, type Mock, type MockClock, type MockOptions } from '../mock/create-mock.js'
import type { ScenarioInput } from '../mock/resolve-scenario.js'
import { createApp } from './create-app.js'

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
}

/** The server, plus the same control as the in-process mock (`running.clock.advance('5m')`, `running.report()`…). */
export interface RunningServer extends MockControl {
  /** `http://HOST:PORT` */
  readonly url: string
  readonly clock: MockClock
  reset(scenario?: ScenarioInput): void
  readonly mock: Mock
  readonly server: Server
  /** Stops accepting connections, lets in-flight requests finish (at most `graceMs`), then resolves. */
  close(graceMs?: number): Promise<void>
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const mock = createMock(options)
  const host = options.host ?? '127.0.0.1'
  const admin = { token: options.adminToken, exposedOn: isLoopback(host) ? undefined : host }
  const server = createServer(createApp(mock, { admin }))
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
        const force = setTimeout(() => server.closeAllConnections(), graceMs).unref()
        server.close(() => {
          clearTimeout(force)
          resolve()
        })
        server.closeIdleConnections()
      }),
  }
}
