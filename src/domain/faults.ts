/**
 * Faults are decided per request, before the normal answer; the first fault that fires wins.
 * `nth` and `probability` count, per fault, every request that matches its conditions, whether
 * or not an earlier fault fired on it; `times` counts the requests the fault fired on.
 * Probability draws from the scenario seed and the fault's own counter: a run is reproducible.
 * A kind that meets only some endpoints (`stale` meets reads: get_task, usage) is passed by on the
 * others, uncounted.
 */
import { meets } from './fault-kinds/index.js'
import { createRng, deriveSeed } from './random.js'
import type { Endpoint, Fault, FaultAction, TaskType } from './types.js'

export interface FaultRequest {
  endpoint: Endpoint
  apiKey: string | null
  taskType: TaskType | null
}

export interface FaultCounters {
  matched: number[]
  fired: number[]
}

export function newFaultCounters(faults: readonly Fault[]): FaultCounters {
  return { matched: faults.map(() => 0), fired: faults.map(() => 0) }
}

/** The action of the first fault that fires for this request, or null. Updates the counters. */
export function decideFault(faults: readonly Fault[], counters: FaultCounters, seed: number, request: FaultRequest): FaultAction | null {
  let chosen: FaultAction | null = null
  for (let index = 0; index < faults.length; index++) {
    const { match, action } = faults[index]!
    if (match.endpoint !== undefined && match.endpoint !== 'any' && match.endpoint !== request.endpoint) continue
    if (match.api_key !== undefined && match.api_key !== request.apiKey) continue
    if (match.task_type !== undefined && match.task_type !== request.taskType) continue
    if (!meets(action, request.endpoint)) continue
    const seen = (counters.matched[index]! += 1) // counted even when an earlier fault fired: nth means the nth match
    if (chosen !== null) continue
    if (match.nth !== undefined && seen !== match.nth) continue
    if (match.times !== undefined && counters.fired[index]! >= match.times) continue
    if (match.probability !== undefined && createRng(deriveSeed(seed, 'fault', index, seen)).next() >= match.probability) {
      continue
    }
    counters.fired[index]! += 1
    chosen = action
  }
  return chosen
}
