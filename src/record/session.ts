/**
 * What a recording (or an export of the fake's own world) saw, in the shape the scenario writer
 * needs: accounts, each task's sightings over time, and each keyed request in order of arrival
 * with the fault it met, if any. Plain data; keys here are already the ones to write (placeholders
 * unless an export was asked to keep them), so nothing secret reaches the writer.
 */
import type { PublicEndpoint } from '../api/routes.js'
import type { FaultAction, FinalStatus, TaskStatus, TaskType } from '../domain/types.js'

/** The endpoints a recording replays: the public API's (api/routes.ts). */
export type RecordedEndpoint = PublicEndpoint

/** What a request met instead of (or on top of) its normal answer: a fault kind's action, a respond's message written out. */
export type RecordedFault = FaultAction

export interface RequestRecord {
  key: string
  endpoint: RecordedEndpoint
  /**
   * Whether the replaying fake counts this request towards a fault's `nth`: it reached the
   * faults (a create whose body was read as JSON; every get_task and usage of a known key).
   */
  counted: boolean
  fault: RecordedFault | null
}

/** One look at a task: its creation (`read: false`, status pending) or a read by its owner. */
export interface Sighting {
  at: number
  status: TaskStatus
  read: boolean
}

export interface TaskHistory {
  key: string
  type: TaskType
  /** The id the task had where it was recorded, for the comment above its timeline. */
  sourceId: string
  createdAt: number
  /** In order of time; the first is the creation. */
  seen: Sighting[]
  /** The prompt it was created with (music: gpt_description_prompt, lyrics: prompt), when short enough to compare. */
  prompt?: { field: string; text: string }
  /** Known when the task was seen final; `at` when the instant it ended is known (its completed_at). */
  final: { status: FinalStatus; at: number | null; error: string | null; output: unknown; note?: string } | null
}

export interface AccountRecord {
  key: string
  credits: number
  /** A comment written above the account (why its credits are what they are). */
  note?: string
}

export interface Session {
  name: string
  description: string
  /** Comment lines at the top of the file (where and when it was recorded). */
  header: string[]
  seed: number
  /** The written scenario's clock; `start` in ms. */
  /** `tick`: the source scenario's `clock.tick` (decision 038: how far a create or an owner's read moves a task's own time). */
  clock: { mode: 'manual'; start: number; tick?: number } | { mode: 'auto'; speed: number; start: number }
  /** The `service` mapping as the file writes it (only the keys to set). */
  service: Record<string, unknown>
  accounts: AccountRecord[]
  /** In order of creation: a rule sends each key's nth task of a type to its timeline. */
  tasks: TaskHistory[]
  /** Every request of a key that has an account, in order of arrival. */
  requests: RequestRecord[]
  /** How long a task never seen final stays in its last status before it times out. */
  openEndedMs: number
}
