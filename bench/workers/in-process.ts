/**
 * In-process timings, in a process of their own: `node in-process.js LIVES [msw|fetch]`.
 * 1. The client suite of bench/cases/client-suite.ts (every status, 402, 401, 404), timed
 *    from creating the fake to closing the door.
 * 2. LIVES complete task lives (create, then reads until success) as a client's test suite
 *    runs them.
 * Through one door: `msw` (default), msw's setupServer intercepting the global `fetch`; or
 * `fetch`, the `mock.fetch` function of the object createMock returns (for clients that take
 * an injected fetch). A build without `mock.fetch` prints `{"available":false}`.
 * Prints one JSON line. Besides wall time, the CPU time of the lives: on a shared machine it
 * says what the fake costs when other processes take turns on the cores.
 */
import { readFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import { setupServer } from 'msw/node'
import { createMock } from '../../src/mock/create-mock.js'
import { CLIENT_CHECKS, CLIENT_SCENARIO, type SuiteContext } from '../cases/client-suite.js'
import { BENCH_SCENARIO } from '../lib/paths.js'
import { createBody, KEY } from '../lib/requests.js'

const BASE = 'https://audio.bench.test'

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>
type Mock = ReturnType<typeof createMock>

/** A door: the fetch to call, and how to close it. */
interface Door {
  fetch: Fetch
  close(): void
}

/** The fake's `mock.fetch`, or null on a build that has none (read structurally: older builds' types lack it). */
function fetchOf(mock: Mock): Fetch | null {
  const door = (mock as unknown as { fetch?: unknown }).fetch
  return typeof door === 'function' ? (input, init) => (door as Fetch).call(mock, input, init) : null
}

function open(mock: Mock, kind: 'msw' | 'fetch'): Door {
  if (kind === 'fetch') return { fetch: fetchOf(mock)!, close: () => undefined }
  const server = setupServer(...mock.handlers)
  server.listen({ onUnhandledRequest: 'error' })
  return { fetch: (input, init) => fetch(input, init), close: () => server.close() }
}

async function lives(kind: 'msw' | 'fetch', count: number): Promise<{ ms: number; cpuMs: number; requests: number }> {
  const fake = createMock({ scenario: readFileSync(BENCH_SCENARIO, 'utf8'), baseUrl: BASE })
  const door = open(fake, kind)
  const headers = { 'x-api-key': KEY, 'content-type': 'application/json' }
  const body = createBody()
  let requests = 0
  const start = performance.now()
  const cpu = process.cpuUsage()
  for (let i = 0; i < count; i++) {
    const created = (await (await door.fetch(`${BASE}/api/v1/task`, { method: 'POST', headers, body })).json()) as any
    requests += 1
    for (;;) {
      const task = (await (await door.fetch(`${BASE}/api/v1/task/${created.data.task_id}`, { headers })).json()) as any
      requests += 1
      if (task.data.status === 'success') break
      if (task.data.status !== 'pending' && task.data.status !== 'running') throw new Error(`life ${i}: status ${task.data.status}`)
    }
  }
  const ms = performance.now() - start
  const used = process.cpuUsage(cpu)
  door.close()
  return { ms, cpuMs: (used.user + used.system) / 1000, requests }
}

async function clientSuite(kind: 'msw' | 'fetch'): Promise<{ ms: number; checks: number }> {
  const start = performance.now()
  const fake = createMock({ scenario: CLIENT_SCENARIO, baseUrl: BASE })
  const door = open(fake, kind)
  const ctx: SuiteContext = {
    mock: fake,
    async call(method, path, key, body) {
      const headers: Record<string, string> = key === null ? {} : { 'x-api-key': key }
      if (body !== undefined) headers['content-type'] = 'application/json'
      const response = await door.fetch(BASE + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
      return { status: response.status, json: await response.json() }
    },
  }
  for (const [, run] of CLIENT_CHECKS) {
    await run(ctx)
    fake.reset()
  }
  door.close()
  return { ms: performance.now() - start, checks: CLIENT_CHECKS.length }
}

const count = Number(process.argv[2] ?? '1000')
const kind = process.argv[3] === 'fetch' ? 'fetch' : 'msw'
if (kind === 'fetch' && fetchOf(createMock({ scenario: CLIENT_SCENARIO })) === null) {
  process.stdout.write(`${JSON.stringify({ available: false })}\n`)
} else {
  const suite = await clientSuite(kind)
  const run = await lives(kind, count)
  process.stdout.write(
    `${JSON.stringify({ available: true, lives: count, livesMs: run.ms, livesCpuMs: run.cpuMs, requests: run.requests, suiteMs: suite.ms, suiteChecks: suite.checks })}\n`,
  )
}
