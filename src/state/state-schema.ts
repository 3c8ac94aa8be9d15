/**
 * The state file's shape, in zod: a file is checked whole before anything is restored, so a
 * corrupt or foreign file is refused with the path of its first mistake and never half-loaded.
 */
import * as z from '../zod.js'
import { TASK_MODES, TASK_STATUSES, TASK_TYPES } from '../domain/types.js'

export const STATE_FORMAT = 'audio-task-mock/state'
/** 2: JSON lines (a header, then accounts, their events and clips, and tasks, one record a line). 1: one JSON document. */
export const STATE_VERSION = 2

const count = z.number().int().min(0)
const instant = z.number().int()

const step = z.union([
  z.strictObject({
    status: z.enum(['pending', 'running']),
    polls: z.number().int().positive().optional(),
    forMs: count.optional(),
    progress: z.string().optional(),
  }),
  z.strictObject({ status: z.literal('success'), output: z.record(z.string(), z.unknown()).optional() }),
  z.strictObject({ status: z.literal('failure'), error: z.string() }),
  z.strictObject({ status: z.literal('timeout') }),
])

export const savedTask = z.strictObject({
  id: z.string().min(1),
  apiKey: z.string(),
  ordinal: count,
  seed: count,
  type: z.enum(TASK_TYPES),
  model: z.string(),
  mode: z.enum(TASK_MODES).nullable(),
  input: z.record(z.string(), z.unknown()),
  creditsCost: count,
  createdAt: instant,
  /** Absent unless the task was created later than its tick gives (decision 062). */
  createdAhead: count.optional(),
  deadline: instant.nullable(),
  timeline: z.string(),
  steps: z.array(step).min(1),
  rule: count.nullable(),
  position: z.strictObject({ step: count, enteredAt: instant, reads: count, status: z.enum(TASK_STATUSES), completedAt: instant.nullable() }),
  reads: count,
  output: z.record(z.string(), z.unknown()).nullable(),
  error: z.string().nullable(),
})

export const savedAccount = z.strictObject({
  apiKey: z.string(),
  ledger: z.strictObject({ available: count, frozen: count, spent: count, topped_up: count, tasks_created: count }),
  events: z.array(z.strictObject({ kind: z.enum(['top_up', 'freeze', 'charge', 'refund']), credits: count, task_id: z.string().optional(), at: instant })),
  clips: z.array(z.string()),
})

export const stateFileSchema = z.strictObject({
  format: z.literal(STATE_FORMAT),
  version: z.union([z.literal(1), z.literal(STATE_VERSION)]),
  scenario: z.strictObject({
    name: z.string(),
    fingerprint: z.string(),
    /** The scenario's text when it was loaded through the admin API (PUT /__admin/scenario); null: the command line's. */
    source: z.string().nullable().default(null),
  }),
  saved_at: z.string(),
  clock: instant,
  /** The boot epoch the world was saved in (decision 012); the next start uses epoch + 1. */
  epoch: count.default(0),
  /** The last change of the durable log this snapshot includes (decision 013). */
  log_seq: count.default(0),
  /** Per key, how many times its account was removed or reset. */
  incarnations: z.array(z.strictObject({ apiKey: z.string(), count: count })).default([]),
  counters: z.strictObject({
    rules: z.strictObject({ matched: z.array(count), taken: z.array(count) }),
    faults: z.strictObject({ matched: z.array(count), fired: z.array(count) }),
  }),
  rate_windows: z.array(z.strictObject({ apiKey: z.string(), openedAt: instant, admitted: count })),
  accounts: z.array(savedAccount),
  tasks: z.array(savedTask),
})

export type StateFile = z.infer<typeof stateFileSchema>

/** The header line of a version-2 file: everything but accounts and tasks. */
export const headerSchema = stateFileSchema.omit({ accounts: true, tasks: true })
export type StateHeader = z.input<typeof headerSchema>
