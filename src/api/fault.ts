/**
 * A scenario fault applied to an answer, for the public API and media alike: `drop` closes the
 * connection, `delayMs` sends the normal answer late, `stale` sends the answer of a world that
 * has not moved on, `respond` answers the scripted status instead. The normal answer is computed
 * lazily: a fault that answers in its place charges nothing.
 */
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
  if ('drop' in action) return { drop: true, delayMs: 0 }
  if ('delayMs' in action) return { answer: normal(), delayMs: action.delayMs }
  if ('stale' in action) return { answer: (stale ?? normal)(), delayMs: 0 }
  const { status, message, headers } = action.respond
  return { response: fail(status, message ?? defaultFaultMessage(status), headers ? { ...headers } : undefined), delayMs: 0 }
}
