/**
 * The doors the contract suite runs against: the msw handlers in-process (setupServer, under
 * whichever msw major is installed), the standalone server (startServer) and the express app
 * (createApp). A door starts a fresh fake per test and gives a `call` helper.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setupServer } from 'msw/node'
import { describe } from 'vitest'
import { assertPublicResponse } from './shapes.js'
import type { Ledger } from '../../src/domain/ledger.js'
import type { Scenario } from '../../src/domain/types.js'
import { createMock } from '../../src/mock/create-mock.js'
import type { MockCore } from '../../src/mock/mock-core.js'
import { createApp } from '../../src/server/create-app.js'
import { startServer, type RunningServer } from '../../src/server/start-server.js'
import type { ToolName } from './system-tools.js'

export interface Reply {
  status: number
  headers: Headers
  text: string
  json: any
}

export interface Fake {
  mock: MockCore
  /** The origin requests go to; asset URLs in outputs start with it. */
  origin: string
  /** An account's ledger where `mock` cannot show it synchronously (the browser door's fake runs in its page). */
  ledger?(key: string): Promise<Ledger | undefined>
  /** Sends a request to the fake; `body` objects are sent as JSON. */
  call(method: string, path: string, options?: { key?: string | null; body?: unknown; headers?: Record<string, string> }): Promise<Reply>
  /** Breaks the fake where it runs (see Sabotage); absent where the test cannot reach it (the executable). */
  sabotage?(how: Sabotage): Promise<void>
}

/**
 * What a test breaks in a fake, to see how every door answers a bug or a failed save:
 * `crash: METHOD` makes the world's METHOD throw `Error(message)`; `failCommits` makes the fake
 * keep its state as `--state-mode durable` does, every commit failing with `Error(message)`.
 */
export interface Sabotage {
  crash?: 'usage' | 'create' | 'read'
  failCommits?: boolean
  message: string
}

/** Sabotage applied to a fake in this process (see Sabotage). */
export function sabotageMock(mock: Pick<MockCore, 'world'> & { commit?: () => Promise<void> }, how: Sabotage): Promise<void> {
  if (how.crash !== undefined) {
    Object.defineProperty(mock.world, how.crash, {
      value: () => {
        throw new Error(how.message)
      },
    })
  }
  if (how.failCommits === true) mock.commit = () => Promise.reject(new Error(how.message))
  return Promise.resolve()
}

/** An account's ledger, read where the fake runs. */
export async function ledgerOf(fake: Fake, key: string): Promise<Ledger | undefined> {
  return fake.ledger === undefined ? fake.mock.world.account(key)?.ledger : fake.ledger(key)
}

export interface Door {
  name: string
  /** The programs beside Node this door needs (test/support/system-tools.ts): its suite is tagged with them. */
  needs?: readonly ToolName[]
  setup(): Promise<void>
  teardown(): Promise<void>
  start(scenario: string): Promise<Fake>
  stop(): Promise<void>
}

/**
 * `describe.each(doors)(title, body)`, each door's suite tagged with the tools it needs, so a door
 * whose tool this machine lacks is skipped (or fails under CI=true) and the others run. `$name` in
 * the title is the door's name.
 */
export function describeDoors<D extends Door>(doors: readonly D[]): (title: string, body: (door: D) => void) => void {
  return (title, body) => {
    for (const door of doors) describe(title.replace('$name', door.name), { tags: [...(door.needs ?? [])] }, () => body(door))
  }
}

/** How a door sends a request: Node's fetch, or the fetch of a page in a browser (browser-door.ts). */
export type Fetcher = (url: string, init: { method: string; headers: Record<string, string>; body?: string }) => Promise<Response>

/** Sends a request; the answer is checked against the OpenAPI document (statuses `scenario` scripts with faults allowed). */
export async function send(
  base: string,
  method: string,
  path: string,
  options: Parameters<Fake['call']>[2] = {},
  scenario?: Scenario,
  fetcher: Fetcher = fetch,
): Promise<Reply> {
  const headers: Record<string, string> = { ...options.headers }
  if (options.key !== null) headers['x-api-key'] ??= options.key ?? 'key-a'
  if (options.headers?.['content-type'] === undefined && options.headers !== undefined && 'content-type' in options.headers) delete headers['content-type']
  let body: string | undefined
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body)
    headers['content-type'] ??= 'application/json'
  }
  const response = await fetcher(base + path, { method, headers, body })
  const text = await response.text()
  assertPublicResponse({ method, path, status: response.status, headers: response.headers, body: text }, scenario)
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  return { status: response.status, headers: response.headers, text, json }
}

export function inProcessDoor(): Door {
  const server = setupServer()
  const base = 'http://audio.mock.test'
  return {
    name: 'in-process (msw setupServer)',
    setup: async () => server.listen({ onUnhandledRequest: 'error' }),
    teardown: async () => server.close(),
    async start(scenario) {
      const mock = createMock({ scenario, baseUrl: base })
      server.resetHandlers(...mock.handlers)
      return {
        mock,
        origin: base,
        call: (method, path, options) => send(base, method, path, options, mock.scenario),
        sabotage: (how) => sabotageMock(mock, how),
      }
    },
    stop: async () => server.resetHandlers(),
  }
}

export function httpDoor(): Door {
  let running: RunningServer | null = null
  return {
    name: 'HTTP (standalone server)',
    setup: async () => undefined,
    teardown: async () => undefined,
    async start(scenario) {
      running = await startServer({ scenario, port: 0, host: '127.0.0.1' })
      const { url, mock } = running
      return { mock, origin: url, call: (method, path, options) => send(url, method, path, options, mock.scenario), sabotage: (how) => sabotageMock(mock, how) }
    },
    async stop() {
      await running?.close()
      running = null
    },
  }
}

/**
 * The standalone server, but a named world (`/worlds/contract-world`) rather than the default one;
 * another world beside it gets traffic of its own before each test, which must change nothing here.
 */
export function worldDoor(): Door {
  let running: RunningServer | null = null
  const name = 'contract-world'
  return {
    name: 'HTTP (standalone server, a named world)',
    setup: async () => undefined,
    teardown: async () => undefined,
    async start(scenario) {
      running = await startServer({ scenario: 'version: 1\naccounts: [{ api_key: key-a, credits: 5 }]\n', port: 0, host: '127.0.0.1' })
      const loaded = running.worlds.load(name, scenario)
      if (!loaded.ok) throw new Error(loaded.error.message)
      const mock = loaded.value
      const origin = `${running.url}/worlds/${name}`
      // The default world and another named one see traffic first.
      await fetch(`${running.url}/api/v1/account/usage`, { headers: { 'x-api-key': 'key-a' } })
      await fetch(`${running.url}/worlds/other/__admin/clock/advance`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"by":"1h"}' })
      return { mock, origin, call: (method, path, options) => send(origin, method, path, options, mock.scenario), sabotage: (how) => sabotageMock(mock, how) }
    },
    async stop() {
      await running?.close()
      running = null
    },
  }
}

export function expressDoor(): Door {
  let server: Server | null = null
  return {
    name: 'HTTP (express app)',
    setup: async () => undefined,
    teardown: async () => undefined,
    async start(scenario) {
      const mock = createMock({ scenario })
      server = createServer({ requireHostHeader: false }, createApp(mock)) // as startServer: its own JSON 400 without Host
      await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      return { mock, origin: url, call: (method, path, options) => send(url, method, path, options, mock.scenario), sabotage: (how) => sabotageMock(mock, how) }
    },
    async stop() {
      const closing = server
      server = null
      if (closing === null) return
      await new Promise<void>((resolve) => {
        closing.close(() => resolve())
        closing.closeAllConnections()
      })
    },
  }
}
