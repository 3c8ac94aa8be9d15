/**
 * Load with autocannon, and the side-by-side protocol: every target (the bare baseline and
 * each door of the fake) runs the same request in alternating rounds, so drift on a shared
 * machine (other processes, thermal state) falls on all of them alike.
 */
import autocannon from 'autocannon'
import type { BenchRequest } from './http-request.js'

export interface Sample {
  rps: number
  /** Latency percentiles in ms (autocannon records whole milliseconds). */
  p50: number
  p99: number
  /** Transport errors, timeouts and answers with an unexpected (non-2xx) status. */
  errors: number
  requests: number
}

export interface Target {
  name: string
  url: string
}

export async function measure(url: string, spec: BenchRequest, seconds: number, connections: number): Promise<Sample> {
  const result = await autocannon({
    url: url + spec.path,
    method: spec.method,
    headers: spec.headers,
    body: spec.body,
    connections,
    duration: seconds,
    timeout: 10,
  })
  return {
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx + result.mismatches,
    requests: result.requests.total,
  }
}

export interface Protocol {
  rounds: number
  seconds: number
  warmupSeconds: number
  connections: number
}

/** Samples per target name, one per round; targets take turns first (round r starts with target r mod n). */
export async function alternate(targets: readonly Target[], request: (target: Target) => BenchRequest, protocol: Protocol): Promise<Map<string, Sample[]>> {
  const samples = new Map<string, Sample[]>(targets.map((target) => [target.name, []]))
  for (const target of targets) await measure(target.url, request(target), protocol.warmupSeconds, protocol.connections)
  for (let round = 0; round < protocol.rounds; round++) {
    for (let i = 0; i < targets.length; i++) {
      const target = targets[(round + i) % targets.length]!
      samples.get(target.name)!.push(await measure(target.url, request(target), protocol.seconds, protocol.connections))
    }
  }
  return samples
}
