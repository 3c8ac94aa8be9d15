/**
 * Throughput over HTTP: Get Task (finished, unfinished), usage, usage with many unfinished
 * tasks on the account, and Create (pending-first timeline, and a timeline that succeeds at
 * once), each against the bare baseline serving the fake's own bytes for that case, in
 * alternating rounds.
 */
import autocannon from 'autocannon'
import { mkdtempSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expectStatus, send, type BenchRequest } from '../lib/http-request.js'
import { alternate, type Protocol, type Sample, type Target } from '../lib/load.js'
import { BARE_SERVER, BENCH_SCENARIO, CLI, EXPRESS_SERVER } from '../lib/paths.js'
import { spawnServer, type ServerProcess } from '../lib/processes.js'
import { createRequest, getTaskRequest, HOLD_KEY, INSTANT_KEY, selectsCase, usageRequest } from '../lib/requests.js'
import { median, thousands } from '../lib/stats.js'

export interface HttpRow {
  case: string
  server: string
  /** The minimum ratio to bare node:http for the fake's standalone server; null for the baseline and where the issue sets none. */
  target: number | null
  rps: number
  ratio: number | null
  p50: number
  p99: number
  p99Max: number
  rssMb: number | null
  errors: number
}

interface Fixture {
  finished: string
  unfinished: string
}

/** A finished and a forever-running task on a fresh fake, and a check that the succeeds-at-once timeline does. */
async function fixture(url: string): Promise<Fixture> {
  const finished = (await expectStatus(url, createRequest(), 202)).data.task_id as string
  for (let i = 0; i < 4; i++) await expectStatus(url, getTaskRequest(finished), 200)
  const done = await expectStatus(url, getTaskRequest(finished), 200)
  if (done.data.status !== 'success') throw new Error(`bench fixture: task ${finished} is ${done.data.status}, expected success`)
  const unfinished = (await expectStatus(url, createRequest(HOLD_KEY), 202)).data.task_id as string
  const instant = (await expectStatus(url, createRequest(INSTANT_KEY), 202)).data.task_id as string
  const first = await expectStatus(url, getTaskRequest(instant, INSTANT_KEY), 200)
  if (first.data.status !== 'success') throw new Error(`bench fixture: a task of ${INSTANT_KEY} read ${first.data.status} first, expected success`)
  return { finished, unfinished }
}

export const CREATE_PENDING = 'Create (pending first)'
export const CREATE_AT_ONCE = 'Create (succeeds at once)'

/** Targets: issue 15 (Get Task of an unfinished task has none of its own; it is reported). */
const CASES: Array<{ name: string; target: number | null; request: (fixture: Fixture) => BenchRequest }> = [
  { name: 'Get Task (finished)', target: 0.9, request: (f) => getTaskRequest(f.finished) },
  { name: 'Get Task (unfinished)', target: null, request: (f) => getTaskRequest(f.unfinished, HOLD_KEY) },
  { name: 'usage', target: null, request: () => usageRequest() },
  { name: CREATE_PENDING, target: 0.7, request: () => createRequest() },
  { name: CREATE_AT_ONCE, target: 0.5, request: () => createRequest(INSTANT_KEY) },
]

/** The `--http-cases` name of the usage case on an account with many unfinished tasks; rows say how many. */
export const USAGE_MANY = 'usage (many unfinished)'
export const usageManyName = (tasks: number): string => `usage (${thousands(tasks)} unfinished)`
const USAGE_MANY_TARGET = 0.9

export const FAST = 'fake: standalone server (CLI)'
export const EXPRESS = 'fake: express + msw door'
export const BARE = 'bare node:http'
export const INTERVAL = 'fake: CLI --state (interval)'
export const DURABLE = 'fake: CLI --state --state-mode durable'
/** The `--state` doors run only the Create case: what a durable 202 costs (an fsync per group of creates). */
const STATE_CASES = new Set([CREATE_PENDING])

function row(name: string, server: string, target: number | null, samples: readonly Sample[], base: readonly Sample[] | null, process: ServerProcess): HttpRow {
  return {
    case: name,
    server,
    target,
    rps: median(samples.map((s) => s.rps)),
    ratio: base === null ? null : median(samples.map((s, i) => s.rps / base[i]!.rps)),
    p50: median(samples.map((s) => s.p50)),
    p99: median(samples.map((s) => s.p99)),
    p99Max: Math.max(...samples.map((s) => s.p99)),
    rssMb: process.rssMb(),
    errors: samples.reduce((sum, s) => sum + s.errors, 0),
  }
}

/** Every HTTP case name `--http-cases` knows. */
export const HTTP_CASES: readonly string[] = [...CASES.map((spec) => spec.name), USAGE_MANY]

/**
 * Sends `spec` `count` times over 10 connections and checks every answer was 2xx: a fast way
 * to fill the store (autocannon, about as fast as the fake answers creates).
 */
async function preload(url: string, spec: BenchRequest, count: number): Promise<void> {
  const result = await autocannon({
    url: url + spec.path,
    method: spec.method,
    headers: spec.headers,
    body: spec.body,
    connections: 10,
    amount: count,
    timeout: 30,
  })
  const failed = result.errors + result.timeouts + result.non2xx
  if (result.requests.total < count || failed > 0) throw new Error(`bench preload: ${result.requests.total} of ${count} requests sent, ${failed} failed`)
}

/** How many of `key`'s tasks the fake holds with `status`: the admin task list's X-Total-Count. */
async function countTasks(url: string, key: string, status: string): Promise<number> {
  const reply = await send(url, { method: 'GET', path: `/__admin/tasks?api_key=${key}&status=${status}&limit=1`, headers: {} })
  const total = reply.headers['x-total-count']
  if (reply.status !== 200 || typeof total !== 'string') throw new Error(`GET /__admin/tasks answered ${reply.status} without X-Total-Count: ${reply.body}`)
  return Number(total)
}

/**
 * Usage on an account with `tasks` unfinished tasks (issue 15: its cost must follow what is
 * due, not what exists). A standalone server of its own is filled with that many creates of
 * the hold key (a 'never ends' step of 87600h on a manual clock), checked before and after the
 * measured rounds to still hold them all running. The express door is left out: filling it
 * would take minutes, and the target is the standalone server's.
 */
async function usageWithMany(protocol: Protocol, cli: string, tasks: number, log: (line: string) => void): Promise<HttpRow[]> {
  const name = usageManyName(tasks)
  const door = await spawnServer(FAST, [cli, '--port', '0', '--scenario', BENCH_SCENARIO])
  try {
    const start = performance.now()
    await preload(door.url, createRequest(HOLD_KEY), tasks)
    const running = await countTasks(door.url, HOLD_KEY, 'running')
    if (running !== tasks) throw new Error(`${name}: ${running} of ${tasks} tasks running after the preload`)
    log(`http: ${name}: preloaded ${thousands(tasks)} tasks in ${(performance.now() - start).toFixed(0)} ms`)
    const request = usageRequest(HOLD_KEY)
    const sample = await send(door.url, request)
    const bare = await spawnServer(BARE, [BARE_SERVER], { BARE_STATUS: String(sample.status), BARE_BODY: sample.body })
    try {
      log(`http: ${name}: ${protocol.rounds} rounds × 2 servers × ${protocol.seconds} s`)
      const samples = await alternate(
        [
          { name: BARE, url: bare.url },
          { name: FAST, url: door.url },
        ],
        () => request,
        protocol,
      )
      const after = await countTasks(door.url, HOLD_KEY, 'running')
      if (after !== tasks) throw new Error(`${name}: ${after} of ${tasks} tasks still running after the rounds`)
      const base = samples.get(BARE)!
      return [row(name, BARE, null, base, null, bare), row(name, FAST, USAGE_MANY_TARGET, samples.get(FAST)!, base, door)]
    } finally {
      await bare.stop()
    }
  } finally {
    await door.stop()
  }
}

export async function runHttp(
  protocol: Protocol,
  withExpress: boolean,
  log: (line: string) => void,
  cli: string = CLI,
  withState = true,
  only?: ReadonlySet<string>,
  unfinishedTasks = 100_000,
): Promise<HttpRow[]> {
  const selected = CASES.filter((spec) => selectsCase(only, spec.name))
  const rows: HttpRow[] = selected.length === 0 ? [] : await runCases(protocol, withExpress, log, cli, withState, selected)
  if (selectsCase(only, USAGE_MANY)) rows.push(...(await usageWithMany(protocol, cli, unfinishedTasks, log)))
  return rows
}

async function runCases(
  protocol: Protocol,
  withExpress: boolean,
  log: (line: string) => void,
  cli: string,
  withState: boolean,
  selected: typeof CASES,
): Promise<HttpRow[]> {
  const doors: ServerProcess[] = [await spawnServer(FAST, [cli, '--port', '0', '--scenario', BENCH_SCENARIO])]
  if (withExpress) doors.push(await spawnServer(EXPRESS, [EXPRESS_SERVER, BENCH_SCENARIO]))
  if (withState && selected.some((spec) => STATE_CASES.has(spec.name))) {
    const dir = mkdtempSync(join(tmpdir(), 'atm-bench-state-'))
    doors.push(await spawnServer(INTERVAL, [cli, '--port', '0', '--scenario', BENCH_SCENARIO, '--state', join(dir, 'interval.json')]))
    doors.push(await spawnServer(DURABLE, [cli, '--port', '0', '--scenario', BENCH_SCENARIO, '--state', join(dir, 'durable.json'), '--state-mode', 'durable']))
  }
  const rows: HttpRow[] = []
  try {
    const fixtures = new Map<string, Fixture>()
    for (const door of doors) fixtures.set(door.name, await fixture(door.url))
    for (const spec of selected) {
      const sample = await send(doors[0]!.url, spec.request(fixtures.get(FAST)!))
      const bare = await spawnServer(BARE, [BARE_SERVER], { BARE_STATUS: String(sample.status), BARE_BODY: sample.body })
      try {
        const measured = doors.filter((door) => STATE_CASES.has(spec.name) || (door.name !== INTERVAL && door.name !== DURABLE))
        const targets: Target[] = [{ name: BARE, url: bare.url }, ...measured.map((door) => ({ name: door.name, url: door.url }))]
        const request = (target: Target) => spec.request(fixtures.get(target.name) ?? fixtures.get(FAST)!)
        log(`http: ${spec.name}: ${protocol.rounds} rounds × ${targets.length} servers × ${protocol.seconds} s`)
        const samples = await alternate(targets, request, protocol)
        const base = samples.get(BARE)!
        rows.push(row(spec.name, BARE, null, base, null, bare))
        for (const door of measured) rows.push(row(spec.name, door.name, door.name === FAST ? spec.target : null, samples.get(door.name)!, base, door))
      } finally {
        await bare.stop()
      }
    }
  } finally {
    for (const door of doors) await door.stop()
  }
  return rows
}
