/**
 * A task's progress text, as a scenario's steps script it (`progress: "40%"`).
 *
 * The spec gives the public Task resource no progress field, and its `output` (which has one)
 * is null until the task completes, so a client of the public API never sees progress while a
 * task runs; the fake does not invent a place for it there. It is for the control plane (the
 * admin task view) and for tests that look at the world directly.
 */
import type { Task } from './world.js'

/**
 * The progress of the step the task stands in, as last seen (this does not advance the task):
 * the step's `progress` while pending or running (null when the step sets none), the output's
 * `progress` after a success (`100%` unless the scenario overrides it), null after a failure or timeout.
 */
export function progressOf(task: Task): string | null {
  const { status, step } = task.position
  if (status === 'success') return typeof task.output?.progress === 'string' ? task.output.progress : null
  if (status !== 'pending' && status !== 'running') return null
  const current = task.steps[step]
  return current !== undefined && 'progress' in current && current.progress !== undefined ? current.progress : null
}
