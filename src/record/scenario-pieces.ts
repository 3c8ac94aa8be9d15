/**
 * The pieces of a written scenario as plain data: the head (everything but timelines, rules and
 * faults), each task's timeline with its comment and rule, each fault at its position. Pure.
 */
import { formatDuration } from '../domain/duration.js'
import { faultKindOf } from '../domain/fault-kinds/index.js'
import type { RecordedFault, RequestRecord, Session, TaskHistory } from './session.js'
import { timelineOf, type StepFile } from './timeline.js'

/** One task of the file: its timeline (named `task-N`), the comment above it and the rule that sends it there. */
export interface TaskPiece {
  name: string
  steps: StepFile[]
  note: string
  rule: Record<string, unknown>
}

/** The fault as a scenario file writes it: its kind's key and value (`{ delay: '150ms' }`). */
export function faultFields(fault: RecordedFault): Record<string, unknown> {
  const kind = faultKindOf(fault)
  return { [kind.key]: kind.write(fault) }
}

/** The piece of task number `index` (0-based), the `nth` task of its key and type. */
export function taskPiece(task: TaskHistory, index: number, nth: number, openEndedMs: number): TaskPiece {
  const name = `task-${index + 1}`
  const written = timelineOf(task, openEndedMs)
  return {
    name,
    steps: written.steps,
    note: `${task.type} task ${task.sourceId} of ${task.key}: ${written.summary}`,
    rule: { match: { api_key: task.key, task_type: task.type, nth }, timeline: name },
  }
}

/** Each task's nth among its key's tasks of its type, in order of creation. */
export function taskOrdinals(tasks: readonly TaskHistory[]): number[] {
  const ordinals = new Map<string, number>()
  return tasks.map((task) => {
    const kind = `${task.key}\u0000${task.type}`
    const nth = (ordinals.get(kind) ?? 0) + 1
    ordinals.set(kind, nth)
    return nth
  })
}

/** Each request that met a fault, with its position: the key's nth counted request to that endpoint. */
export function faultPositions(requests: readonly RequestRecord[]): Array<{ request: RequestRecord; nth: number }> {
  const positions = new Map<string, number>()
  const found: Array<{ request: RequestRecord; nth: number }> = []
  for (const request of requests) {
    if (!request.counted) continue
    const where = `${request.key}\u0000${request.endpoint}`
    const nth = (positions.get(where) ?? 0) + 1
    positions.set(where, nth)
    if (request.fault !== null) found.push({ request, nth })
  }
  return found
}

export const faultEntry = (request: RequestRecord, nth: number): Record<string, unknown> => ({
  match: { endpoint: request.endpoint, api_key: request.key, nth },
  ...faultFields(request.fault!),
})

/** Everything but the timelines, rules and faults. */
export function headOf(session: Session): Record<string, unknown> {
  const { clock } = session
  return {
    version: 1,
    name: session.name,
    description: session.description,
    seed: session.seed,
    clock: {
      mode: clock.mode,
      ...(clock.mode === 'auto' && { speed: clock.speed }),
      start: new Date(clock.start).toISOString(),
      ...(clock.mode === 'manual' && clock.tick !== undefined && { tick: formatDuration(clock.tick) }),
    },
    service: session.service,
    accounts: session.accounts.map((account) => ({ api_key: account.key, credits: account.credits })),
  }
}
