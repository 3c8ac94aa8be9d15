/**
 * Admin clock moves over HTTP: `POST /__admin/clock/advance {"by":"1ms"}` against the
 * standalone server, one after another on one kept-alive connection, as a test suite moving
 * the clock between steps sends them (JSON body, loopback Host: the admin guard lets them
 * through). The figure is the median time per move; beside it the same round trip to a bare
 * node:http server answering the same bytes (what the client and the loopback cost on this
 * machine), and the server's own CPU time per move (from /proc, under the same moves).
 */
import { Agent, request as httpRequest } from 'node:http'
import { performance } from 'node:perf_hooks'
import { readFileSync } from 'node:fs'
import type { BenchRequest } from '../lib/http-request.js'
import { BARE_SERVER, BENCH_SCENARIO, CLI } from '../lib/paths.js'
import { spawnServer } from '../lib/processes.js'
import { clockAdvanceRequest } from '../lib/requests.js'
import { median } from '../lib/stats.js'

export interface AdminClock {
  moves: number
  /** Median and 99th percentile ms per move, one after another on one connection. */
  fakeMs: number
  fakeP99Ms: number
  /** The same round trip to bare node:http. */
  bareMs: number
  /** The fake's CPU time (user + system) per move, ms; null where there is no /proc. */
  fakeCpuMs: number | null
  errors: number
}

/** user + system CPU seconds of a process, from /proc (clock ticks of 1/100 s, Linux's USER_HZ). */
export function cpuSecondsOf(stat: string): number {
  // The command name (field 2) is in parentheses and may hold spaces: count fields after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100
}

function cpuSeconds(pid: number): number | null {
  try {
    return cpuSecondsOf(readFileSync(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return null
  }
}

/** `count` requests one after another on one kept-alive connection: ms each, and how many were not 200. */
async function sequence(base: string, spec: BenchRequest, count: number): Promise<{ ms: number[]; errors: number; body: string }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  const ms: number[] = []
  let errors = 0
  let body = ''
  try {
    for (let i = 0; i < count; i++) {
      const start = performance.now()
      const reply = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(base + spec.path, { method: spec.method, headers: spec.headers, agent }, (res) => {
          const chunks: Buffer[] = []
          res.on('data', (chunk: Buffer) => chunks.push(chunk))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }))
          res.on('error', reject)
        })
        req.on('error', reject)
        req.end(spec.body)
      })
      ms.push(performance.now() - start)
      if (reply.status !== 200) errors++
      body = reply.body
    }
  } finally {
    agent.destroy()
  }
  return { ms, errors, body }
}

const p99 = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.99))] ?? Number.NaN

export async function runAdminClock(moves: number, log: (line: string) => void, cli: string = CLI): Promise<AdminClock> {
  log(`admin clock: ${moves} moves over HTTP, one after another, against the standalone server and bare node:http`)
  const spec = clockAdvanceRequest('1ms')
  const fake = await spawnServer('fake', [cli, '--port', '0', '--scenario', BENCH_SCENARIO])
  try {
    const warm = await sequence(fake.url, spec, Math.min(500, moves))
    if (warm.errors > 0) throw new Error(`admin clock: POST ${spec.path} answered: ${warm.body}`)
    const bare = await spawnServer('bare', [BARE_SERVER], { BARE_STATUS: '200', BARE_BODY: warm.body })
    try {
      await sequence(bare.url, spec, Math.min(500, moves))
      // Five stretches each, taking turns first, so drift on a shared machine falls on both alike.
      const fakeMs: number[] = []
      const bareMs: number[] = []
      let cpu: number | null = 0
      let errors = 0
      const stretch = Math.max(1, Math.round(moves / 5))
      for (let round = 0; round < 5; round++) {
        for (const which of round % 2 === 0 ? ['fake', 'bare'] : ['bare', 'fake']) {
          if (which === 'bare') {
            bareMs.push(...(await sequence(bare.url, spec, stretch)).ms)
            continue
          }
          const before = cpuSeconds(fake.pid)
          const run = await sequence(fake.url, spec, stretch)
          const after = cpuSeconds(fake.pid)
          cpu = cpu === null || before === null || after === null ? null : cpu + (after - before)
          fakeMs.push(...run.ms)
          errors += run.errors
        }
      }
      return {
        moves: fakeMs.length,
        fakeMs: median(fakeMs),
        fakeP99Ms: p99(fakeMs),
        bareMs: median(bareMs),
        fakeCpuMs: cpu === null ? null : (cpu * 1000) / fakeMs.length,
        errors,
      }
    } finally {
      await bare.stop()
    }
  } finally {
    await fake.stop()
  }
}
