/**
 * Faults are decided per request, before the normal answer. `nth`, `times` and
 * `probability` count per fault over the requests that match it; probability draws
 * from the scenario seed and the fault's own counter, so a run is reproducible.
 */
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
export function decideFault(
  faults: readonly Fault[],
  counters: FaultCounters,
  seed: number,
  request: FaultRequest,
): FaultAction | null {
  for (let index = 0; index < faults.length; index++) {
    const { match, action } = faults[index]!
    if (match.endpoint !== undefined && match.endpoint !== 'any' && match.endpoint !== request.endpoint) continue
    if (match.api_key !== undefined && match.api_key !== request.apiKey) continue
    if (match.task_type !== undefined && match.task_type !== request.taskType) continue
    const seen = (counters.matched[index]! += 1)
    if (match.nth !== undefined && seen !== match.nth) continue
    if (match.times !== undefined && counters.fired[index]! >= match.times) continue
    if (match.probability !== undefined && createRng(deriveSeed(seed, 'fault', index, seen)).next() >= match.probability) {
      continue
    }
    counters.fired[index]! += 1
    return action
  }
  return null
}
