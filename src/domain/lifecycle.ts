/**
 * Where a task stands on its timeline, and the pure transition function that moves it.
 *
 * A non-final step leaves after `polls` reads by the owner (the read after the last one
 * sees the next step) or after `forMs` of clock time, whichever comes first. A task still
 * unfinished at its deadline (created + service.timeout_after) turns into `timeout`.
 * Transitions happen lazily, when the task is looked at: the real service asks upstream
 * on every read of an unfinished task.
 */
import { isFinal, type Step, type TaskStatus } from './types.js'

export interface Position {
  /** Index of the current step in the timeline. */
  step: number
  /** Clock time the current step was entered. */
  enteredAt: number
  /** Owner reads seen in the current step. */
  reads: number
  status: TaskStatus
  /** Clock time the final status was entered; null while unfinished. */
  completedAt: number | null
}

export function startPosition(steps: readonly Step[], createdAt: number): Position {
  const first = steps[0]!
  return {
    step: 0,
    enteredAt: createdAt,
    reads: 0,
    status: first.status,
    completedAt: isFinal(first.status) ? createdAt : null,
  }
}

/**
 * The position after looking at the task at `now`. `read` is true for an owner's read,
 * which counts towards `polls` and can move the task by reads; other looks (usage, admin)
 * only apply what clock time makes due. Never moves backwards; a final position is returned as is.
 */
export function advance(steps: readonly Step[], from: Position, now: number, deadline: number | null, read: boolean): Position {
  if (from.completedAt !== null) return from
  let { step, enteredAt, reads } = from
  for (;;) {
    const current = steps[step]!
    if (isFinal(current.status)) {
      return { step, enteredAt, reads: 0, status: current.status, completedAt: enteredAt }
    }
    const pending = current as Extract<Step, { status: 'pending' | 'running' }>
    const byTime = pending.forMs !== undefined ? enteredAt + pending.forMs : Infinity
    const byReads = read && pending.polls !== undefined && reads >= pending.polls ? now : Infinity
    const exitAt = Math.min(byTime, byReads)
    if (deadline !== null && deadline <= now && deadline <= exitAt) {
      return { step, enteredAt: deadline, reads: 0, status: 'timeout', completedAt: deadline }
    }
    if (exitAt > now) break
    step += 1
    enteredAt = Math.max(exitAt, enteredAt)
    reads = 0
  }
  return { step, enteredAt, reads: read ? reads + 1 : reads, status: steps[step]!.status, completedAt: null }
}

/** When the task will next move by clock time alone (step `for` or deadline); null if only reads can move it. */
export function nextTimedTransition(steps: readonly Step[], at: Position, deadline: number | null): number | null {
  if (at.completedAt !== null) return null
  const current = steps[at.step]!
  const byTime = 'forMs' in current && current.forMs !== undefined ? at.enteredAt + current.forMs : Infinity
  const next = Math.min(byTime, deadline ?? Infinity)
  return Number.isFinite(next) ? next : null
}
