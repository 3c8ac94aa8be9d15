/**
 * Starts the fake on HTTP; resolves once it listens. Every request goes through the node:http
 * door (node-door.ts) to the one dispatch; this file owns the server around it: timeouts, the
 * parser's refusals as JSON, and a graceful close.
 */
import { createServer, STATUS_CODES, type Server, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import { isLoopback } from '../admin/admin-auth.js'
import { errorBody, problem } from '../api/errors.js'
import type { MockControl } from '../admin/control.js'
import { bundledLibrary } from '../mock/bundled-scenarios.js'
import { createMockCore, type MockClock, type MockCore, type MockOptions } from '../mock/mock-core.js'
import { JournalBudget, type JournalBudgetLimits } from '../domain/journal-budget.js'
import type { ScenarioInput } from '../scenario/resolve-scenario.js'
import type { CorsOptions } from './cors.js'
import { listen } from './listen.js'
import { realImmediate, realNow, realTimeout } from '../platform/real-timers.js'
import { createNodeDoor } from './node-door.js'
import { disposeWorld, worldFactory } from './world-factory.js'
import type { WorldLimits } from '../worlds/world-limits.js'
import { createWorldRegistry, type WorldRegistry } from '../worlds/world-registry.js'
import { OVERLOAD_RETRY_SECONDS, overloadMessage, requestTimeoutMessage, serverTimeouts, transportLimits, type TransportLimits } from './transport-limits.js'

export { DEFAULT_TRANSPORT_LIMITS, type TransportLimits } from './transport-limits.js'
export { DEFAULT_WORLD_LIMITS, type WorldLimits } from '../worlds/world-limits.js'

export interface ServerOptions extends MockOptions {
  /**
   * Named worlds under `/worlds/{name}` (docs/worlds.md): how many at most, after how long idle one
   * may go, and how recently used one never is evicted (defaults: DEFAULT_WORLD_LIMITS).
   */
  worlds?: Partial<WorldLimits>
  /**
   * One bound on the journals of every world together (default world included): at most
   * `entries` entries and `characters` characters of headers and bodies (defaults:
   * DEFAULT_JOURNAL_BUDGET). Past it, the world holding the most gives up its oldest.
   */
  journalBudget?: Partial<JournalBudgetLimits>
  /** 0 (default) picks a free port. */
  port?: number
  /** Default 127.0.0.1. */
  host?: string
  /**
   * Required on every `/__admin` request when set (Authorization: Bearer TOKEN, or x-admin-token).
   * On a host that is not a loopback address the admin API stays closed without one.
   */
  adminToken?: string
  /**
   * Runs before the server listens (e.g. `--state` restores and saves the worlds): no request sees
   * a world before it. `worlds` is the registry of the named worlds, empty yet.
   */
  prepare?: (mock: MockCore, worlds: WorldRegistry<MockCore>) => Promise<void>
  /** Request timeouts and the connection cap (defaults: DEFAULT_TRANSPORT_LIMITS; past the cap: a JSON 503, never a reset). */
  limits?: Partial<TransportLimits>
  /**
   * Which pages may call the public API and fetch media from another origin (CORS): `{ origins:
   * '*' }` by default, `{ origins: ['http://localhost:5173'] }` to restrict, `false` for no CORS
   * headers. The admin API never answers other origins.
   */
  cors?: CorsOptions | false
}

/** The server, plus the same control as the in-process mock (`running.clock.advance('5m')`, `running.report()`…). */
export interface RunningServer extends MockControl {
  /** `http://HOST:PORT` */
  readonly url: string
  readonly clock: MockClock
  reset(scenario?: ScenarioInput): void
  /** The fake behind the server: world, clock and controls (its msw handlers: see createMock). */
  readonly mock: MockCore
  /** The named worlds under `/worlds/{name}`, each a fake of its own (the default world is `mock`). */
  readonly worlds: WorldRegistry<MockCore>
  readonly server: Server
  /** Stops accepting connections, lets in-flight requests finish (at most `graceMs`), then resolves. */
  close(graceMs?: number): Promise<void>
}

/**
 * Requests Node's parser refuses before any handler runs (headers or URL over 16 KiB, a
 * malformed request line) get a JSON error like every other answer, instead of an empty body.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex, limits: TransportLimits): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy()
    return
  }
  const { status, message } =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? problem('headersTooLarge')
      : error.code === 'HPE_URI_TOO_LONG'
        ? problem('uriTooLong')
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? problem('requestTimeout', requestTimeoutMessage(limits))
          : problem('malformedRequest', error.message)
  const body = errorBody(status, message)
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  )
}

/** The answer past the connection cap: a JSON 503 with Retry-After; the connection closes after it. */
function answerOverloaded(res: ServerResponse, limits: TransportLimits): void {
  const { status, message } = problem('overloaded', overloadMessage(limits))
  const body = errorBody(status, message)
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    'retry-after': String(OVERLOAD_RETRY_SECONDS),
    connection: 'close',
  })
  res.end(body)
}

/**
 * Waits until what clients sent before now has been read: the event loop turns until
 * QUIET_TURNS turns in a row accept no connection and start no request (at most SETTLE_MAX_MS),
 * then calls `then`. A fixed number of turns is not enough under load: a batch of connections
 * waiting in the backlog takes several turns to be accepted and read.
 */
const QUIET_TURNS = 3
const SETTLE_MAX_MS = 1_000

function afterQuiet(activity: () => number, then: () => void): void {
  const deadline = realNow() + SETTLE_MAX_MS
  let seen = activity()
  let quiet = 0
  const turn = (): void => {
    const now = activity()
    quiet = now === seen ? quiet + 1 : 0
    seen = now
    if (quiet >= QUIET_TURNS || realNow() >= deadline) then()
    else realImmediate(turn)
  }
  realImmediate(turn)
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1'
  // Node binds every interface for an empty host: refused, since it would expose the fake by accident.
  if (host === '') throw new RangeError('startServer: host must not be empty; use 127.0.0.1 (the default), or 0.0.0.0 for every interface')
  const journalBudget = new JournalBudget(options.journalBudget)
  const mock = createMockCore(options, bundledLibrary, { journalBudget })
  const { seed, journalCapacity, wallNow } = options
  const worlds = createWorldRegistry({
    ...options.worlds,
    create: worldFactory({
      options: { seed, journalCapacity, wallNow },
      scenario: () => mock.scenario,
      library: bundledLibrary,
      journalBudget,
      // Under --state the default world's epoch is this boot's (decision 012): a world made now hands out no earlier boot's ids.
      epoch: () => mock.world.epoch,
    }),
    dispose: disposeWorld,
  })
  await options.prepare?.(mock, worlds)
  const admin = { token: options.adminToken, exposedOn: isLoopback(host) ? undefined : host }
  const limits = transportLimits(options.limits)
  // Node's own Host check answers a bare 400; the door answers it as JSON (host-header.ts).
  const door = createNodeDoor(mock, { admin, cors: options.cors, worlds })
  // Past the cap a connection is still read and its request answered, with a 503 that says so.
  const overloaded = new WeakSet<Socket>()
  let open = 0
  const server = createServer({ requireHostHeader: false, ...serverTimeouts(limits) }, (req, res) => {
    if (overloaded.has(req.socket)) answerOverloaded(res, limits)
    else door(req, res)
  })
  server.on('connection', (socket: Socket) => {
    open += 1
    socket.once('close', () => (open -= 1))
    if (open > limits.maxConnections) overloaded.add(socket)
  })
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => answerClientError(error, socket, limits))
  let closing = false
  /** Connections accepted plus requests started: it stops moving once everything sent has been read. */
  let activity = 0
  server.on('connection', () => (activity += 1))
  // Once closing, a keep-alive connection is let go once its in-flight answers are sent and
  // nothing more it sent (pipelined, or held back by the parser) is left to read.
  server.on('request', (req, res) => {
    activity += 1
    res.once('finish', () => {
      if (closing)
        afterQuiet(
          () => activity,
          () => server.closeIdleConnections(),
        )
    })
  })
  const url = await listen(server, options.port ?? 0, host)
  return {
    url,
    mock,
    worlds,
    server,
    clock: mock.clock,
    reset: (scenario) => mock.reset(scenario),
    accounts: mock.accounts,
    tasks: mock.tasks,
    journal: (filter) => mock.journal(filter),
    report: (filter) => mock.report(filter),
    faults: () => mock.faults(),
    rules: () => mock.rules(),
    health: () => mock.health(),
    export: (options) => mock.export(options),
    // The server's own URL is where its default world's requests went.
    exportJournal: (options) => mock.exportJournal({ baseUrl: url, ...options }),
    exportHar: (options) => mock.exportHar({ baseUrl: url, ...options }),
    exportRun: (options) => mock.exportRun({ baseUrl: url, ...options }),
    close: (graceMs = 5_000) =>
      new Promise<void>((resolve) => {
        closing = true
        const cancelForce = realTimeout(() => server.closeAllConnections(), graceMs, { unref: true })
        // Requests sent before close() are answered, not reset: first let the event loop accept
        // the connections waiting in the backlog and read what they sent; only then stop
        // listening (Node then closes the connections with nothing left to answer).
        afterQuiet(
          () => activity,
          () =>
            server.close(() => {
              cancelForce()
              resolve()
            }),
        )
      }),
  }
}
