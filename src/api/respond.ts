/**
 * Response bodies of the public API: success envelopes `{code, data}` and error bodies
 * `{code, message}`, with `code` equal to the HTTP status. Rendered to JSON text here, once,
 * so every door sends the same bytes.
 */
import type { Cause } from '../domain/exchange.js'
import type { Fired, Miss } from '../domain/trace.js'
import type { TaskType } from '../domain/types.js'
import type { Task } from '../domain/world.js'
import { errorBody, problem, type ErrorArgs, type ErrorKind } from './errors.js'

export interface ApiResponse {
  status: number
  /** JSON text. */
  body: string
  headers?: Readonly<Record<string, string>>
  /** The task a 202 of Create Task created, for the journal; doors send only status, headers and body. */
  created?: { readonly id: string; readonly type: TaskType }
  /** Why the answer is an error, for the journal (domain/exchange.ts); doors never send it. */
  cause?: Cause
  /** A create's rules, for the journal: the rule that took the task and those that almost did. */
  rules?: { readonly fired: Fired | null; readonly misses: readonly Miss[] | null }
}

export function ok(status: number, data: unknown, headers?: Record<string, string>): ApiResponse {
  return { status, body: JSON.stringify({ code: status, data }), headers }
}

/** An error answer with a status of its own (a fault's scripted status, an admin error): kinds are in errors.ts. */
export function fail(status: number, message: string, headers?: Record<string, string>): ApiResponse {
  return { status, body: errorBody(status, message), headers }
}

/** The answer for an error of `kind` (errors.ts). */
export function failWith<K extends ErrorKind>(kind: K, ...args: ErrorArgs<K>): ApiResponse {
  const { status, message } = problem(kind, ...args)
  return { status, body: errorBody(status, message) }
}

/** The last instant formatted: on a manual clock most answers show the same few instants. */
let lastMs = Number.NaN
let lastIso = ''

export function iso(ms: number): string {
  if (ms !== lastMs) {
    lastIso = new Date(ms).toISOString()
    lastMs = ms
  }
  return lastIso
}

/** Asset paths in outputs become URLs on the origin the client used. */
function absolute(origin: string, value: unknown): unknown {
  return typeof value === 'string' && value.startsWith('/') ? origin + value : value
}

function renderOutput(task: Task, origin: string): unknown {
  const output = task.output
  if (output === null) return null
  const result = output.result.map((entry) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return entry
    const clip = entry as Record<string, unknown>
    if (!('audio_url' in clip) && !('image_url' in clip)) return entry
    return { ...clip, audio_url: absolute(origin, clip['audio_url']), image_url: absolute(origin, clip['image_url']) }
  })
  return { ...output, result }
}

/** The Task resource, fields in the spec's order. */
export function renderTask(task: Task, origin: string): Record<string, unknown> {
  const { status, completedAt } = task.position
  return {
    task_id: task.id,
    model: task.model,
    type: task.type,
    status,
    credits_cost: task.creditsCost,
    input: task.input,
    output: status === 'success' ? renderOutput(task, origin) : null,
    error: status === 'failure' ? task.error : null,
    created_at: iso(task.createdAt),
    completed_at: completedAt === null ? null : iso(completedAt),
  }
}

export function renderCreated(task: Task): Record<string, unknown> {
  return {
    task_id: task.id,
    type: task.type,
    status: 'pending',
    credits_charged: task.creditsCost,
    created_at: iso(task.createdAt),
  }
}

/** The answer to an unexpected exception (a bug in the fake): JSON like every other error, never a stack trace. */
export function internalError(error: unknown): ApiResponse {
  return failWith('internal', error instanceof Error ? error.message : String(error))
}
