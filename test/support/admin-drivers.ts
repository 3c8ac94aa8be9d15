/**
 * The ways a test drives the fake's control plane, behind one interface so every admin test
 * runs through each: the in-process control (mock.accounts, mock.tasks…), `/__admin` served by
 * the msw handlers in-process, and `/__admin` over real HTTP. Errors come out the same way
 * from all three: a DriverError with the HTTP status and message.
 */
import { setupServer } from 'msw/node'
import { AdminError } from '../../src/admin/admin-error.js'
import { createMock, type Mock, type MockOptions } from '../../src/mock/create-mock.js'
import { startServer, type RunningServer } from '../../src/server/start-server.js'
import { ScenarioInvalidError } from '../../src/scenario/resolve-scenario.js'
import { formatScenarioError } from '../../src/scenario/index.js'
import { send, type Fake } from './doors.js'

export class DriverError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

type Json = any

export interface Control {
  health(): Promise<Json>
  /** Full reset; with scenario text, loads it (POST /__admin/reset with a body). */
  reset(scenario?: string): Promise<Json>
  clock: { get(): Promise<Json>; advance(by: string | number): Promise<Json>; set(to: string): Promise<Json> }
  accounts: {
    list(page?: { limit?: number; offset?: number }): Promise<Json>
    get(key: string): Promise<Json>
    create(key: string, credits: number): Promise<Json>
    topUp(key: string, credits: number): Promise<Json>
    reset(key: string, credits?: number): Promise<Json>
    remove(key: string): Promise<Json>
  }
  tasks: {
    list(filter?: { apiKey?: string; status?: string; limit?: number; offset?: number }): Promise<Json>
    get(id: string): Promise<Json>
    force(id: string, status: string, error?: string): Promise<Json>
  }
  journal(filter?: { apiKey?: string; endpoint?: string; status?: number | string; taskId?: string; text?: string; limit?: number }): Promise<Json>
  report(filter?: { apiKey?: string }): Promise<Json>
  faults(): Promise<Json>
  rules(): Promise<Json>
}

export interface Driven extends Fake {
  control: Control
}

export interface Driver {
  name: string
  setup(): Promise<void>
  teardown(): Promise<void>
  start(scenario: string, options?: MockOptions): Promise<Driven>
  stop(): Promise<void>
}

const query = (fields: Record<string, unknown>): string => {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) params.set(name, String(value))
  const text = params.toString()
  return text === '' ? '' : `?${text}`
}

/** The control over `/__admin`, through whatever `call` reaches. */
function overHttp(call: Fake['call']): Control {
  const admin = async (method: string, path: string, body?: unknown): Promise<Json> => {
    const reply = await call(method, `/__admin${path}`, { key: null, body })
    if (!reply.headers.get('content-type')?.startsWith('application/json')) throw new Error(`${method} ${path}: not JSON`)
    if (reply.status >= 400) {
      if (reply.json.code !== reply.status || typeof reply.json.message !== 'string') throw new Error(`error body off shape: ${reply.text}`)
      throw new DriverError(reply.status, reply.json.message)
    }
    return reply.json
  }
  return {
    health: () => admin('GET', '/health'),
    reset: (scenario) => admin('POST', '/reset', scenario),
    clock: { get: () => admin('GET', '/clock'), advance: (by) => admin('POST', '/clock/advance', { by }), set: (to) => admin('POST', '/clock/set', { to }) },
    accounts: {
      list: (page = {}) => admin('GET', `/accounts${query({ limit: page.limit, offset: page.offset })}`),
      get: (key) => admin('GET', `/accounts/${encodeURIComponent(key)}`),
      create: (key, credits) => admin('POST', '/accounts', { api_key: key, credits }),
      topUp: (key, credits) => admin('POST', `/accounts/${encodeURIComponent(key)}/top-up`, { credits }),
      reset: (key, credits) => admin('POST', `/accounts/${encodeURIComponent(key)}/reset`, credits === undefined ? undefined : { credits }),
      remove: (key) => admin('DELETE', `/accounts/${encodeURIComponent(key)}`),
    },
    tasks: {
      list: (filter = {}) => admin('GET', `/tasks${query({ api_key: filter.apiKey, status: filter.status, limit: filter.limit, offset: filter.offset })}`),
      get: (id) => admin('GET', `/tasks/${encodeURIComponent(id)}`),
      force: (id, status, error) => admin('POST', `/tasks/${encodeURIComponent(id)}/force`, error === undefined ? { status } : { status, error }),
    },
    journal: (filter = {}) =>
      admin(
        'GET',
        `/journal${query({ api_key: filter.apiKey, endpoint: filter.endpoint, status: filter.status, task_id: filter.taskId, q: filter.text, limit: filter.limit })}`,
      ),
    report: (filter = {}) => admin('GET', `/report${query({ api_key: filter.apiKey })}`),
    faults: () => admin('GET', '/faults'),
    rules: () => admin('GET', '/rules'),
  }
}

/** The control as methods on the mock; AdminErrors become DriverErrors, results go through JSON like a wire would. */
function inProcess(mock: Mock): Control {
  const run = async (action: () => unknown): Promise<Json> => {
    try {
      const value = action()
      return value === undefined ? undefined : JSON.parse(JSON.stringify(value))
    } catch (error) {
      if (error instanceof AdminError) throw new DriverError(error.status, error.message)
      if (error instanceof ScenarioInvalidError) throw new DriverError(400, error.errors.map(formatScenarioError).join('\n'))
      throw error
    }
  }
  return {
    health: () => run(() => mock.health()),
    reset: (scenario) => run(() => (mock.reset(scenario), mock.health())),
    clock: {
      get: () => run(() => ({ now: mock.clock.now().toISOString() })),
      advance: (by) => run(() => ({ now: mock.clock.advance(by).toISOString() })),
      set: (to) => run(() => ({ now: mock.clock.set(to).toISOString() })),
    },
    accounts: {
      list: (page) => run(() => mock.accounts.list(page)),
      get: (key) => run(() => mock.accounts.get(key)),
      create: (key, credits) => run(() => mock.accounts.create(key, credits)),
      topUp: (key, credits) => run(() => mock.accounts.topUp(key, credits)),
      reset: (key, credits) => run(() => mock.accounts.reset(key, credits)),
      remove: (key) => run(() => (mock.accounts.remove(key), { api_key: key, removed: true })),
    },
    tasks: {
      list: (filter) => run(() => mock.tasks.list(filter as Parameters<Mock['tasks']['list']>[0])),
      get: (id) => run(() => mock.tasks.get(id)),
      force: (id, status, error) => run(() => mock.tasks.force(id, status as 'success', error)),
    },
    journal: (filter) => run(() => mock.journal(filter as Parameters<Mock['journal']>[0])),
    report: (filter) => run(() => mock.report(filter)),
    faults: () => run(() => mock.faults()),
    rules: () => run(() => mock.rules()),
  }
}

function mswDriver(name: string, controlOf: (mock: Mock, call: Fake['call']) => Control): Driver {
  const server = setupServer()
  const base = 'http://audio.mock.test'
  return {
    name,
    setup: async () => server.listen({ onUnhandledRequest: 'error' }),
    teardown: async () => server.close(),
    async start(scenario, options = {}) {
      const mock = createMock({ ...options, scenario, baseUrl: base })
      server.resetHandlers(...mock.handlers)
      const call: Fake['call'] = (method, path, callOptions) => send(base, method, path, callOptions)
      return { mock, origin: base, call, control: controlOf(mock, call) }
    },
    stop: async () => server.resetHandlers(),
  }
}

export const controlDriver = (): Driver => mswDriver('in-process control (mock.accounts, mock.tasks…)', (mock) => inProcess(mock))
export const adminInProcessDriver = (): Driver => mswDriver('/__admin in-process (msw setupServer)', (_mock, call) => overHttp(call))

export function adminHttpDriver(): Driver {
  let running: RunningServer | null = null
  return {
    name: '/__admin over HTTP (startServer)',
    setup: async () => undefined,
    teardown: async () => undefined,
    async start(scenario, options = {}) {
      running = await startServer({ ...options, scenario, port: 0, host: '127.0.0.1' })
      const url = running.url
      const call: Fake['call'] = (method, path, callOptions) => send(url, method, path, callOptions)
      return { mock: running.mock, origin: url, call, control: overHttp(call) }
    },
    async stop() {
      await running?.close()
      running = null
    },
  }
}

export const allDrivers = (): Driver[] => [controlDriver(), adminInProcessDriver(), adminHttpDriver()]
