/**
 * A scenario fault applied to an answer, for the public API and media alike: the fault's kind
 * (src/domain/fault-kinds/) says what the request meets: the normal answer after a delay, the
 * answer of a world that has not moved on (`stale`), an error in its place, or a dropped
 * connection. The normal answer is computed lazily: a fault that answers in its place charges
 * nothing.
 */
import { faultKindOf } from '../domain/fault-kinds/index.js'
import type { FaultDecision } from '../domain/faults.js'
import { MAX_MISSES, type Trace } from '../domain/trace.js'
import type { FaultAction } from '../domain/types.js'
import { defaultFaultMessage } from './errors.js'
import { fail, type ApiResponse } from './respond.js'

/** The fault's result: the normal (or stale) answer `A` after `delayMs`, the scripted response, or a drop. */
export type Faulted<A> =
  | { answer: A; delayMs: number; response?: undefined; drop?: undefined }
  | { response: ApiResponse; delayMs: 0; answer?: undefined; drop?: undefined }
  | { drop: true; delayMs: 0; answer?: undefined; response?: undefined }

export function applyFault<A>(action: FaultAction | null, normal: () => A, stale?: () => A): Faulted<A> {
  if (action === null) return { answer: normal(), delayMs: 0 }
  const outcome = faultKindOf(action).outcome(action)
  if ('drop' in outcome) return { drop: true, delayMs: 0 }
  if ('answer' in outcome) return { answer: (outcome.answer === 'stale' ? (stale ?? normal) : normal)(), delayMs: outcome.delayMs }
  const { status, message, headers } = outcome.error
  return { response: fail(status, message ?? defaultFaultMessage(status), headers ? { ...headers } : undefined), delayMs: 0 }
}

/** What the journal keeps of how the faults (and a create's rules) decided; null when nothing applied or almost did. */
export function traceOf(decision: FaultDecision, rules?: ApiResponse['rules']): Trace | null {
  const misses = decision.misses ?? []
  const ruleMisses = rules?.misses ?? []
  const rule = rules?.fired ?? null
  if (decision.fired === null && rule === null && misses.length === 0 && ruleMisses.length === 0) return null
  const all = ruleMisses.length === 0 ? misses : [...misses, ...ruleMisses].slice(0, MAX_MISSES)
  return { fault: decision.fired, rule, misses: all }
}
