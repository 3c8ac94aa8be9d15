/**
 * A task's sightings → the timeline that replays them. Statuses change on the scenario clock:
 * halfway between the last sighting of the old status and the first of the new one (rounded
 * up, so the last old sighting still sees the old status), or at the instant the task ended
 * when that is known and lies in that interval. Sightings at the same instant cannot be told
 * apart by time, so such a change is made by reads instead (`polls`: the reads that saw the
 * old status). A client that reads at the recorded offsets sees the recorded statuses.
 */
import { formatDuration } from '../domain/duration.js'
import { isFinal, type FinalStatus, type TaskStatus } from '../domain/types.js'
import { outputOverride } from './output-override.js'
import type { TaskHistory } from './session.js'

export type StepFile =
  | { status: 'pending' | 'running'; for?: string; polls?: number }
  | { status: 'success'; output?: Record<string, unknown> }
  | { status: 'failure'; error: string }
  | { status: 'timeout' }

interface Run {
  status: TaskStatus
  first: number
  last: number
  reads: number
}

/** Consecutive sightings of one status, up to and including the first final one. */
function runsOf(task: TaskHistory): Run[] {
  const runs: Run[] = []
  for (const sighting of task.seen) {
    const current = runs[runs.length - 1]
    if (current !== undefined && isFinal(current.status)) break
    if (current !== undefined && current.status === sighting.status) {
      current.last = sighting.at
      if (sighting.read) current.reads += 1
    } else {
      runs.push({ status: sighting.status, first: sighting.at, last: sighting.at, reads: sighting.read ? 1 : 0 })
    }
  }
  return runs
}

function finalStep(task: TaskHistory, status: FinalStatus): StepFile {
  if (status === 'failure') return { status, error: task.final?.error ?? 'Task failed' }
  if (status === 'timeout') return { status }
  const output = outputOverride(task.final?.output)
  return output === null ? { status } : { status, output }
}

export interface WrittenTimeline {
  steps: StepFile[]
  /** One line for the comment above the timeline: what was seen, when. */
  summary: string
}

export function timelineOf(task: TaskHistory, openEndedMs: number): WrittenTimeline {
  const runs = runsOf(task)
  if (runs.length === 0) runs.push({ status: 'pending', first: task.createdAt, last: task.createdAt, reads: 0 })
  const lastRun = runs[runs.length - 1]!
  const finalStatus: FinalStatus | null = isFinal(lastRun.status) ? lastRun.status : (task.final?.status ?? null)
  const open = runs.filter((run) => !isFinal(run.status))
  // The final status as a run of its own, when the task ended without a read seeing it.
  const finalRun: Run | null = isFinal(lastRun.status)
    ? lastRun
    : finalStatus !== null
      ? { status: finalStatus, first: Number.NaN, last: Number.NaN, reads: 0 }
      : null
  const steps: StepFile[] = []
  const parts: string[] = []
  let enteredAt = task.createdAt
  open.forEach((run, index) => {
    const next = open[index + 1] ?? finalRun
    const status = run.status as 'pending' | 'running'
    if (next === null) {
      steps.push({ status, for: formatDuration(openEndedMs) })
      parts.push(`${status} from +${formatDuration(Math.max(0, run.first - task.createdAt))}, never seen final`)
      return
    }
    const endedAt = next === finalRun ? (task.final?.at ?? null) : null
    // Never read: it ended at endedAt, or (unknown, or not after the last sighting) just after the last sighting.
    const firstNew = Number.isNaN(next.first) ? Math.max(endedAt ?? -Infinity, run.last + 1) : next.first
    if (firstNew > run.last) {
      // The 202 says pending whatever the task's first step: a task may end at the very instant it was created.
      const inside = endedAt !== null && endedAt <= firstNew && (endedAt > run.last || (run.reads === 0 && endedAt === run.last))
      const boundary = inside ? endedAt : run.last + Math.ceil((firstNew - run.last) / 2)
      steps.push({ status, for: formatDuration(Math.max(0, boundary - enteredAt)) })
      enteredAt = Math.max(enteredAt, boundary)
    } else if (run.reads > 0) {
      // Seen at the same instant as the next status: only the number of reads tells them apart.
      steps.push({ status, polls: run.reads })
      enteredAt = Math.max(enteredAt, firstNew)
    } else {
      steps.push({ status, for: formatDuration(Math.max(0, firstNew - enteredAt)) })
      enteredAt = Math.max(enteredAt, firstNew)
    }
    parts.push(`${status} from +${formatDuration(Math.max(0, run.first - task.createdAt))} (${run.reads} read${run.reads === 1 ? '' : 's'})`)
  })
  if (finalStatus === null) {
    steps.push({ status: 'timeout' })
  } else {
    steps.push(finalStep(task, finalStatus))
    parts.push(`${finalStatus} at +${formatDuration(Math.max(0, enteredAt - task.createdAt))}`)
    if (task.final?.note !== undefined) parts.push(task.final.note)
  }
  return { steps, summary: parts.join(', ') }
}
