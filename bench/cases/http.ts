/**
 * Throughput over HTTP: Get Task (finished, unfinished), Create and usage, each against the
 * bare baseline serving the fake's own bytes for that case, in alternating rounds.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expectStatus, send, type BenchRequest } from '../lib/http-request.js'
import { alternate, type Protocol, type Sample, type Target } from '../lib/load.js'
import { BARE_SERVER, BENCH_SCENARIO, CLI, EXPRESS_SERVER } from '../lib/paths.js'
import { spawnServer, type ServerProcess } from '../lib/processes.js'
import { createRequest, getTaskRequest, HOLD_KEY, usageRequest } from '../lib/requests.js'
import { median } from '../lib/stats.js'

export interface HttpRow {
  case: string
  server: string
  /** The minimum ratio to bare node:http for the fake's standalone server; null for the baseline. */
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

/** A finished and a forever-running task on a fresh fake. */
async function fixture(url: string): Promise<Fixture> {
  const finished = (await expectStatus(url, createRequest(), 202)).data.task_id as string
  for (let i = 0; i < 4; i++) await expectStatus(url, getTaskRequest(finished), 200)
  const done = await expectStatus(url, getTaskRequest(finished), 200)
  if (done.data.status !== 'success') throw new Error(`bench fixture: task ${finished} is ${done.data.status}, expected success`)
  const unfinished = (await expectStatus(url, createRequest(HOLD_KEY), 202)).data.task_id as string
  return { finished, unfinished }
}

const CASES: Array<{ name: string; target: number; request: (fixture: Fixture) => BenchRequest }> = [
  { name: 'Get Task (finished)', target: 0.35, request: (f) => getTaskRequest(f.finished) },
  { name: 'Get Task (unfinished)', target: 0.35, request: (f) => getTaskRequest(f.unfinished, HOLD_KEY) },
  { name: 'usage', target: 0.35, request: () => usageRequest() },
  { name: 'Create', target: 0.45, request: () => createRequest() },
]

export const FAST = 'fake: standalone server (CLI)'
export const EXPRESS = 'fake: express + msw door'
export const BARE = 'bare node:http'
export const INTERVAL = 'fake: CLI --state (interval)'
export const DURABLE = 'fake: CLI --state --state-mode durable'
/** The `--state` doors run only the Create case: what a durable 202 costs (an fsync per group of creates). */
const STATE_CASES = new Set(['Create'])

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

export async function runHttp(protocol: Protocol, withExpress: boolean, log: (line: string) => void, cli: string = CLI, withState = true, only?: ReadonlySet<string>): Promise<HttpRow[]> {
  const doors: ServerProcess[] = [await spawnServer(FAST, [cli, '--port', '0', '--scenario', BENCH_SCENARIO])]
  if (withExpress) doors.push(await spawnServer(EXPRESS, [EXPRESS_SERVER, BENCH_SCENARIO]))
  if (withState) {
    const dir = mkdtempSync(join(tmpdir(), 'atm-bench-state-'))
    doors.push(await spawnServer(INTERVAL, [cli, '--port', '0', '--scenario', BENCH_SCENARIO, '--state', join(dir, 'interval.json')]))
    doors.push(await spawnServer(DURABLE, [cli, '--port', '0', '--scenario', BENCH_SCENARIO, '--state', join(dir, 'durable.json'), '--state-mode', 'durable']))
  }
  const rows: HttpRow[] = []
  try {
    const fixtures = new Map<string, Fixture>()
    for (const door of doors) fixtures.set(door.name, await fixture(door.url))
    for (const spec of CASES.filter((spec) => only === undefined || only.has(spec.name))) {
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
