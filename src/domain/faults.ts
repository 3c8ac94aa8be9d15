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
import { noted, type Fired, type Miss } from './trace.js'
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

/** What the faults made of one request: the action that fires (null: none), which fault, and near misses. */
export interface FaultDecision {
  action: FaultAction | null
  fired: Fired | null
  /** Faults that almost applied (trace.ts); null when none did. */
  misses: Miss[] | null
}

/** The fault's draw for its `seen`th match: under `probability`, it fires. */
export function faultDraw(seed: number, index: number, seen: number): number {
  return createRng(deriveSeed(seed, 'fault', index, seen)).next()
}

/** The action of the first fault that fires for this request, with why the others did not. Updates the counters. */
export function decideFault(faults: readonly Fault[], counters: FaultCounters, seed: number, request: FaultRequest): FaultDecision {
  let chosen: FaultAction | null = null
  let fired: Fired | null = null
  let misses: Miss[] | null = null
  for (let index = 0; index < faults.length; index++) {
    const { match, action } = faults[index]!
    if (match.endpoint !== undefined && match.endpoint !== 'any' && match.endpoint !== request.endpoint) continue
    if (!meets(action, request.endpoint)) continue
    // A fault for another task type is not a near miss, as one on another endpoint is not.
    if (match.task_type !== undefined && match.task_type !== request.taskType) continue
    if (match.api_key !== undefined && match.api_key !== request.apiKey) {
      // The key alone was off: a near miss. Not counted.
      misses = noted(misses, { part: 'faults', index, field: 'api_key', wanted: match.api_key, got: request.apiKey })
      continue
    }
    const seen = (counters.matched[index]! += 1) // counted even when an earlier fault fired: nth means the nth match
    const passed = passedBy(match, index, seen, counters.fired[index]!, seed)
    if (passed !== null) {
      misses = noted(misses, passed)
      continue
    }
    if (chosen !== null) {
      misses = noted(misses, { part: 'faults', index, field: 'first_match_wins', wanted: null, got: fired!.index })
      continue
    }
    counters.fired[index]! += 1
    chosen = action
    fired = { index, nth: seen }
  }
  return { action: chosen, fired, misses }
}

/** Why a fault whose conditions held does not fire on its `seen`th match (nth, times, probability), or null. */
function passedBy(match: Fault['match'], index: number, seen: number, firedSoFar: number, seed: number): Miss | null {
  if (match.nth !== undefined && seen !== match.nth) return { part: 'faults', index, field: 'nth', wanted: match.nth, got: seen }
  if (match.times !== undefined && firedSoFar >= match.times) return { part: 'faults', index, field: 'times', wanted: match.times, got: firedSoFar }
  if (match.probability !== undefined) {
    const draw = faultDraw(seed, index, seen)
    if (draw >= match.probability) return { part: 'faults', index, field: 'probability', wanted: match.probability, got: Number(draw.toFixed(4)) }
  }
  return null
}
