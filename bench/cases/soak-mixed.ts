/**
 * Mixed soak: the standalone server under full load with bench/scenarios/mixed.yaml (weighted
 * success/failure/timeout outcomes, 500s on create, 503s on usage, delays and dropped
 * connections on Get Task). Each connection creates a task, reads it, reads it again, asks for
 * usage; the bench moves the clock a minute every second (so tasks time out) and resets the
 * world every `resetEvery` seconds. Creates grow the task store by design (~1.7 KB per task);
 * the resets free it, so between them memory may climb and across them it must not.
 *
 * Every answer is sorted: scripted (the fault statuses on their endpoint, and connections the
 * scenario drops) or unscripted (any other status ≥ 500, a body that is not JSON, a timeout,
 * more dropped connections than the drop fault can explain). Pass: the RSS floors between resets
 * stay flat (bench/lib/stats.ts, floorsFlat), and zero unscripted answers.
 */
import autocannon from 'autocannon'
import { join } from 'node:path'
import { send } from '../lib/http-request.js'
import { ROOT, CLI } from '../lib/paths.js'
import { spawnServer } from '../lib/processes.js'
import { createRequest, KEY, usageRequest } from '../lib/requests.js'
import { floorsBetweenResets, floorsFlat, median, slope } from '../lib/stats.js'

export const MIXED_SCENARIO = join(ROOT, 'bench', 'scenarios', 'mixed.yaml')
/**
 * The answers the scenario scripts, by status and exact body (autocannon does not say reliably which
 * request of the list an answer belongs to, so answers are sorted by what they are). Dropped
 * connections are invisible to autocannon (it reconnects and sends the request again), so they
 * are counted from the fake's side: its journal, read through GET /__admin/report before each reset.
 */
const SCRIPTED = new Set(['500 {"code":500,"message":"Internal server error"}', '503 {"code":503,"message":"upstream busy"}'])

/** What an answer is: `create 202`, `get_task 200`, `usage 200`, `fault 503`, `error 404`… */
function kindOf(status: number, json: any): string {
  if (status === 202) return 'create 202'
  if (status === 200 && json?.data?.task_id !== undefined) return 'get_task 200'
  if (status === 200 && json?.data?.credits_used !== undefined) return 'usage 200'
  return `${status >= 500 ? 'fault' : 'error'} ${status}`
}

export interface MixedSoak {
  seconds: number
  resetEvery: number
  rps: number
  creates: number
  /** Get Task answers that read a task (200) or found none (404). */
  reads: number
  statuses: Record<string, number>
  /** Fault answers the scenario asked for. */
  scripted: number
  /** Connections the fake dropped, in the journal samples (its last 10,000 requests before each reset), of `sampled` requests. */
  dropped: number
  sampled: number
  /** Anything else ≥ 500, non-JSON bodies, client errors and timeouts. */
  unscripted: number
  unscriptedSamples: string[]
  rssStartMb: number
  rssEndMb: number
  rssMaxMb: number
  /** The lowest RSS between each pair of resets, MB, and the medians the verdict compares. */
  floorsMb: number[]
  floorEarlyMb: number
  floorLateMb: number
  flat: boolean
  slopeMbPerMin: number
  resets: number
  /** [seconds since start, RSS MB], every second. */
  samples: Array<[number, number]>
}

type Context = { taskId?: string }

export async function runMixedSoak(
  seconds: number,
  log: (line: string) => void,
  resetEvery = Math.max(2, Math.min(30, Math.round(seconds / 10))),
): Promise<MixedSoak> {
  log(`mixed soak: ${seconds} s at full load, world reset every ${resetEvery} s`)
  const server = await spawnServer('fake', [CLI, '--port', '0', '--scenario', MIXED_SCENARIO])
  const statuses: Record<string, number> = {}
  const unscriptedSamples: string[] = []
  let unscripted = 0
  let scripted = 0
  let reads = 0
  let creates = 0
  let resets = 0
  let dropped = 0
  let sampled = 0
  const judge = (status: number, body: string, context: Context) => {
    let json: any
    try {
      json = JSON.parse(body)
    } catch {
      json = undefined
    }
    const kind = kindOf(status, json)
    statuses[kind] = (statuses[kind] ?? 0) + 1
    if (kind === 'get_task 200' || status === 404) reads++
    if (status === 202) {
      creates++
      context.taskId = json?.data?.task_id
    }
    if (SCRIPTED.has(`${status} ${body}`)) scripted++
    else if (status >= 500 || json === undefined) {
      unscripted++
      if (unscriptedSamples.length < 5) unscriptedSamples.push(`${status}: ${body.slice(0, 200)}`)
    }
  }
  try {
    const samples: Array<[number, number]> = []
    const started = Date.now()
    let tick = 0
    const timer = setInterval(() => {
      tick++
      const rss = server.rssMb()
      if (rss !== null) samples.push([(Date.now() - started) / 1000, rss])
      const admin = (path: string, body: string) => send(server.url, { method: 'POST', path, headers: { 'content-type': 'application/json' }, body })
      if (tick % resetEvery === 0) {
        void send(server.url, { method: 'GET', path: '/__admin/report', headers: {} })
          .then((reply) => {
            const report = JSON.parse(reply.body) as { keys: Array<{ requests: number; statuses: Record<string, number> }> }
            for (const key of report.keys) {
              sampled += key.requests
              dropped += key.statuses['dropped'] ?? 0
            }
            return admin('/__admin/reset', '')
          })
          .then(() => resets++)
          .catch(() => undefined) // the run may end (and the server stop) while this is in flight
      } else void admin('/__admin/clock/advance', '{"by":"1m"}').catch(() => undefined)
    }, 1000)
    const read = (context: Context) => `/api/v1/task/${context.taskId ?? '00000000-0000-4000-8000-000000000000'}`
    const load = autocannon({
      url: server.url,
      connections: 10,
      duration: seconds,
      timeout: 5,
      requests: [
        { ...createRequest(), onResponse: judge },
        { method: 'GET', headers: { 'x-api-key': KEY }, setupRequest: (request, context: Context) => ({ ...request, path: read(context) }), onResponse: judge },
        { method: 'GET', headers: { 'x-api-key': KEY }, setupRequest: (request, context: Context) => ({ ...request, path: read(context) }), onResponse: judge },
        { ...usageRequest(), onResponse: judge },
      ],
    })
    const result = await load.then(
      (value) => (clearInterval(timer), value),
      (error: unknown) => {
        clearInterval(timer)
        throw error
      },
    )
    // Drops are retried by autocannon, never errors: any client-side error or timeout is unscripted.
    unscripted += result.errors + result.timeouts
    const rss = (from: number, to: number) => median(samples.filter(([t]) => t >= seconds * from && t < seconds * to).map(([, mb]) => mb))
    const rssStartMb = rss(0.1, 0.3)
    const rssEndMb = rss(0.8, 2)
    const floors = floorsBetweenResets(samples, resetEvery, seconds)
    const { early, late, flat } = floorsFlat(floors)
    return {
      seconds,
      resetEvery,
      rps: result.requests.total / result.duration,
      creates,
      reads,
      statuses,
      scripted,
      dropped,
      sampled,
      unscripted,
      unscriptedSamples,
      rssStartMb,
      rssEndMb,
      rssMaxMb: Math.max(...samples.map(([, mb]) => mb)),
      floorsMb: floors,
      floorEarlyMb: early,
      floorLateMb: late,
      flat,
      slopeMbPerMin: slope(samples.filter(([t]) => t >= seconds / 2)) * 60,
      resets,
      samples,
    }
  } finally {
    await server.stop()
  }
}
