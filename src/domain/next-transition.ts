/**
 * What will move an unfinished task next, for the admin task view: reads by its owner (the
 * step's `polls`), clock time (the step's `for`), or the deadline (`service.timeout_after`).
 */
import { nextTimedTransition } from './lifecycle.js'
import type { TaskStatus } from './types.js'
import type { Task } from './world.js'

export interface NextTransition {
  /** The nth owner read from now answers `status` (null when reads do not move this step). */
  byReads: { after: number; status: TaskStatus } | null
  /** At this clock time the task moves to `status` without any read (null when only reads move it). */
  byTime: { at: number; status: TaskStatus } | null
}

/** Null for a final task. Call it after the task has been brought up to date (`World.look`). */
export function nextTransition(task: Task): NextTransition | null {
  const { position, steps, deadline } = task
  if (position.completedAt !== null) return null
  const step = steps[position.step]!
  const following = steps[position.step + 1]?.status ?? 'timeout'
  const polls = 'polls' in step ? step.polls : undefined
  const forMs = 'forMs' in step ? step.forMs : undefined
  const at = nextTimedTransition(steps, position, deadline)
  const stepEnds = forMs === undefined ? null : position.enteredAt + forMs
  return {
    byReads: polls === undefined ? null : { after: Math.max(1, polls - position.reads + 1), status: following },
    byTime: at === null ? null : { at, status: stepEnds !== null && stepEnds < (deadline ?? Infinity) ? following : 'timeout' },
  }
}
