/**
 * The compiled scenario and the task model the domain works on.
 * Plain data only: the scenario loader (src/scenario) produces a `Scenario`,
 * the world (world.ts) runs it.
 */
import type { Endpoint } from './endpoint.js'
import type { FaultAction } from './fault-kinds/index.js'

import type { Limits, TaskMode, TaskType } from './task-types/index.js'

// The task types and what differs between them (modes, text limits) live in task-types/, one file each.
export { TASK_MODES, TASK_TYPES, type Limits, type TaskMode, type TaskType } from './task-types/index.js'

export const TASK_STATUSES = ['pending', 'running', 'success', 'failure', 'timeout'] as const
export type TaskStatus = (typeof TASK_STATUSES)[number]
export type FinalStatus = 'success' | 'failure' | 'timeout'

export function isFinal(status: TaskStatus): status is FinalStatus {
  return status === 'success' || status === 'failure' || status === 'timeout'
}

/** A step of a timeline. Non-final steps leave after `polls` owner reads or `forMs` of clock time, whichever comes first. */
export type Step =
  | { status: 'pending' | 'running'; polls?: number; forMs?: number; progress?: string }
  | { status: 'success'; output?: Record<string, unknown> }
  | { status: 'failure'; error: string }
  | { status: 'timeout' }

export interface Timeline {
  /** Name in the scenario, or `inline` for a timeline written inside a rule. */
  name: string
  steps: readonly Step[]
}

/** A compiled `matches:` pattern: `test` is true when it matches somewhere in `text`. */
export interface TextPattern {
  readonly source: string
  test(text: string): boolean
}

/** Predicate on one input field. */
export type FieldPredicate = { equals: unknown } | { contains: string } | { matches: TextPattern } | { exists: boolean }

export interface RuleMatch {
  task_type?: TaskType
  api_key?: string
  mode?: TaskMode
  mv?: string
  input?: Readonly<Record<string, FieldPredicate>>
  /** Only the nth task (1-based) that matches the rest of this rule. */
  nth?: number
  /** At most this many tasks take this rule. */
  times?: number
}

export interface WeightedTimeline {
  weight: number
  timeline: Timeline
}

export interface Rule {
  match: RuleMatch
  /** Exactly one of `timeline` and `oneOf`. */
  timeline?: Timeline
  oneOf?: readonly WeightedTimeline[]
}

export type { Endpoint }

export interface FaultMatch {
  endpoint?: Endpoint | 'any'
  api_key?: string
  task_type?: TaskType
  nth?: number
  times?: number
  probability?: number
}

/** One object with one key per kind (`{ drop: true }`, `{ delayMs: 150 }`): see src/domain/fault-kinds/. */
export type { FaultAction }

export interface Fault {
  match: FaultMatch
  action: FaultAction
}

export type Prices = Readonly<Record<TaskType, number>>

export interface ServiceConfig {
  model: string
  versions: readonly string[]
  defaultVersion: string
  prices: Prices
  /** Unfinished tasks turn into `timeout` this long after creation; null = never. */
  timeoutAfterMs: number | null
  limits: Limits
  /** Bytes; larger request bodies answer 413. */
  maxBodyBytes: number
  /** Bytes of a create's `input` as JSON; larger answers 400 (it is stored with the task, and saved by --state). */
  maxInputBytes?: number
  /** Tasks stored at most; creates past it are refused (never a silent eviction). */
  maxTasks: number
  /** Per key per minute; null = no rate limit. */
  rateLimitPerMinute: number | null
  /** The endpoints the rate limit counts and limits, in one window; absent: every public endpoint (the real service's one window). */
  rateLimitEndpoints?: readonly Endpoint[]
  /** The rate limit counts real minutes on an auto clock (its speed does not shorten them); absent: clock minutes. */
  rateLimitRealTime?: true
  /** Generated media files; absent = defaults (audio as long as each clip). */
  media?: MediaConfig
}

export interface MediaConfig {
  /** Audio files last at most this many seconds (short downloads in tests); null = the clip's duration. */
  audioSeconds: number | null
  /** The cap on every audio file, whatever a clip's duration says (an output override may say 100000 s). */
  maxAudioSeconds: number
}

export type ClockConfig =
  /** `tickMs`: each request to the public API moves the clock by it first (absent: it never moves by itself). */
  { mode: 'manual'; startMs: number; tickMs?: number } | { mode: 'auto'; startMs: number | null; speed: number }

export interface AccountConfig {
  apiKey: string
  credits: number
}

export interface Scenario {
  name: string
  description: string
  seed: number
  clock: ClockConfig
  service: ServiceConfig
  accounts: readonly AccountConfig[]
  timelines: ReadonlyMap<string, Timeline>
  /** The timeline of tasks that match no rule (the timeline named `default`). */
  defaultTimeline: Timeline
  rules: readonly Rule[]
  faults: readonly Fault[]
}
