/**
 * In-process timings, in a process of their own: `node in-process.js LIVES`.
 * 1. LIVES complete task lives (create, then reads until success) through msw's setupServer
 *    intercepting `fetch`, as a client's test suite runs them.
 * 2. The client suite of bench/cases/client-suite.ts (every status, 402, 401, 404), timed
 *    from creating the fake to closing the interceptor.
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

async function lives(count: number): Promise<{ ms: number; cpuMs: number; requests: number }> {
  const fake = createMock({ scenario: readFileSync(BENCH_SCENARIO, 'utf8'), baseUrl: BASE })
  const server = setupServer(...fake.handlers)
  server.listen({ onUnhandledRequest: 'error' })
  const headers = { 'x-api-key': KEY, 'content-type': 'application/json' }
  const body = createBody()
  let requests = 0
  const start = performance.now()
  const cpu = process.cpuUsage()
  for (let i = 0; i < count; i++) {
    const created = (await (await fetch(`${BASE}/api/v1/task`, { method: 'POST', headers, body })).json()) as any
    requests += 1
    for (;;) {
      const task = (await (await fetch(`${BASE}/api/v1/task/${created.data.task_id}`, { headers })).json()) as any
      requests += 1
      if (task.data.status === 'success') break
      if (task.data.status !== 'pending' && task.data.status !== 'running') throw new Error(`life ${i}: status ${task.data.status}`)
    }
  }
  const ms = performance.now() - start
  const used = process.cpuUsage(cpu)
  server.close()
  return { ms, cpuMs: (used.user + used.system) / 1000, requests }
}

async function clientSuite(): Promise<{ ms: number; checks: number }> {
  const start = performance.now()
  const fake = createMock({ scenario: CLIENT_SCENARIO, baseUrl: BASE })
  const server = setupServer(...fake.handlers)
  server.listen({ onUnhandledRequest: 'error' })
  const ctx: SuiteContext = {
    mock: fake,
    async call(method, path, key, body) {
      const headers: Record<string, string> = key === null ? {} : { 'x-api-key': key }
      if (body !== undefined) headers['content-type'] = 'application/json'
      const response = await fetch(BASE + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
      return { status: response.status, json: await response.json() }
    },
  }
  for (const [, run] of CLIENT_CHECKS) {
    await run(ctx)
    fake.reset()
  }
  server.close()
  return { ms: performance.now() - start, checks: CLIENT_CHECKS.length }
}

const count = Number(process.argv[2] ?? '1000')
const suite = await clientSuite()
const run = await lives(count)
process.stdout.write(`${JSON.stringify({ lives: count, livesMs: run.ms, livesCpuMs: run.cpuMs, requests: run.requests, suiteMs: suite.ms, suiteChecks: suite.checks })}\n`)
