/**
 * Soak: the standalone server under full load for a while, its RSS sampled every second.
 * The load cycles Get Task (finished and unfinished), usage and an unknown id (404): reads
 * only, so the stored state does not grow by design (each create stores a task: that cost
 * is measured per task by the memory case) and any growth is a leak or an unbounded
 * buffer (e.g. the request journal).
 */
import autocannon from 'autocannon'
import { expectStatus } from '../lib/http-request.js'
import { BENCH_SCENARIO, CLI } from '../lib/paths.js'
import { spawnServer } from '../lib/processes.js'
import { createRequest, getTaskRequest, HOLD_KEY, KEY, usageRequest } from '../lib/requests.js'
import { median, slope } from '../lib/stats.js'

export interface Soak {
  seconds: number
  rps: number
  errors: number
  /** Median RSS from 10% to 30% of the run (warm), median over the last 20%, and the highest seen, in MB. */
  rssStartMb: number
  rssEndMb: number
  rssMaxMb: number
  /** Flat: the end median is at most 5% above the warm median (GC makes RSS a sawtooth, so medians, not points). */
  flat: boolean
  /** Least-squares RSS growth over the second half of the run, in MB per minute. */
  slopeMbPerMin: number
  samples: Array<[number, number]>
}

export async function runSoak(seconds: number, log: (line: string) => void): Promise<Soak> {
  log(`soak: ${seconds} s at full load`)
  const server = await spawnServer('fake', [CLI, '--port', '0', '--scenario', BENCH_SCENARIO])
  try {
    const finished = (await expectStatus(server.url, createRequest(), 202)).data.task_id as string
    for (let i = 0; i < 4; i++) await expectStatus(server.url, getTaskRequest(finished), 200)
    const unfinished = (await expectStatus(server.url, createRequest(HOLD_KEY), 202)).data.task_id as string
    const samples: Array<[number, number]> = []
    const started = Date.now()
    const timer = setInterval(() => {
      const rss = server.rssMb()
      if (rss !== null) samples.push([(Date.now() - started) / 1000, rss])
    }, 1000)
    const load = autocannon({
      url: server.url,
      connections: 10,
      duration: seconds,
      requests: [
        getTaskRequest(finished),
        getTaskRequest(unfinished, HOLD_KEY),
        usageRequest(),
        { ...getTaskRequest('00000000-0000-4000-8000-000000000000', KEY) },
      ],
    })
    // autocannon answers with a thenable, not a Promise: no .finally().
    const result = await load.then(
      (value) => (clearInterval(timer), value),
      (error: unknown) => {
        clearInterval(timer)
        throw error
      },
    )
    const rss = (from: number, to: number) => median(samples.filter(([t]) => t >= seconds * from && t < seconds * to).map(([, mb]) => mb))
    const rssStartMb = rss(0.1, 0.3)
    const rssEndMb = rss(0.8, 2)
    const secondHalf = samples.filter(([t]) => t >= seconds / 2)
    const statuses = result.statusCodeStats
    const unexpected = Object.entries(statuses).reduce((sum, [code, { count }]) => sum + (code === '200' || code === '404' ? 0 : count), 0)
    return {
      seconds,
      rps: result.requests.total / result.duration,
      errors: result.errors + result.timeouts + unexpected,
      rssStartMb,
      rssEndMb,
      flat: rssEndMb <= rssStartMb * 1.05,
      rssMaxMb: Math.max(...samples.map(([, rss]) => rss)),
      slopeMbPerMin: slope(secondHalf) * 60,
      samples,
    }
  } finally {
    await server.stop()
  }
}
