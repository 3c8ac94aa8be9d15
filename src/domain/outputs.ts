/**
 * Outputs of finished tasks: the envelope every type shares around the `result` its type draws
 * (task-types/, one file each), with the fake's own seeded generator (random.ts), so the same
 * (scenario seed, api key, task ordinal) always yields the same output (decision 039).
 */
import { createRng, deriveSeed, type Rng } from './random.js'
import { taskType } from './task-types/index.js'
import type { Clip } from './task-types/output-kit.js'
import type { TaskMode, TaskType } from './types.js'

export type { Clip } from './task-types/output-kit.js'

export interface TaskOutput {
  taskType: TaskType
  taskId: string
  status: 'completed'
  progress: '100%'
  failReason: null
  result: unknown[]
  [key: string]: unknown
}

export interface OutputRequest {
  seed: number
  type: TaskType
  mode: TaskMode | null
  input: Readonly<Record<string, unknown>>
}

/** An output's generator: a stream of its own, apart from the one the task's timeline choice draws from. */
const outputRng = (seed: number): Rng => createRng(deriveSeed(seed, 'output'))

/** The generated output of a successful task. */
export function generateOutput(request: OutputRequest): TaskOutput {
  const rng = outputRng(request.seed)
  const taskId = rng.uuid()
  return {
    taskType: request.type,
    taskId,
    status: 'completed',
    progress: '100%',
    failReason: null,
    result: taskType(request.type).generate(rng, request.input),
  }
}

/** Clips of an output that a later concat or continuation may name (entries with an id and an audio_url). */
export function clipsOf(output: TaskOutput): Clip[] {
  return output.result.filter(
    (entry): entry is Clip => typeof entry === 'object' && entry !== null && typeof (entry as Clip).id === 'string' && 'audio_url' in entry,
  )
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Scenario output overrides: objects merge key by key, arrays entry by entry, anything else replaces. */
export function mergeOverride(base: unknown, override: unknown): unknown {
  if (Array.isArray(base) && Array.isArray(override)) {
    const merged = base.slice()
    override.forEach((entry, index) => {
      merged[index] = index < base.length ? mergeOverride(base[index], entry) : entry
    })
    return merged
  }
  if (isPlainObject(base) && isPlainObject(override)) {
    const merged: Record<string, unknown> = { ...base }
    for (const key of Object.keys(override)) {
      Object.defineProperty(merged, key, {
        value: Object.hasOwn(base, key) ? mergeOverride(base[key], override[key]) : override[key],
        enumerable: true,
        writable: true,
        configurable: true,
      })
    }
    return merged
  }
  return override
}
