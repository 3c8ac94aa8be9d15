/**
 * The task types the fake serves: one file each, registered here, in the order the document,
 * the scenario schema and the inspector list them. Adding a type is a file beside these and a
 * line in this list (CONTRIBUTING.md, "Worked example: a task type"); everything else derives.
 */
import { concat } from './concat.js'
import { lyrics } from './lyrics.js'
import { music } from './music.js'
import type { TaskTypeDefinition, TextLimit } from './task-type.js'
import { upload } from './upload.js'

const REGISTERED = [music, lyrics, upload, concat] as const

type Registered = (typeof REGISTERED)[number]

export type TaskType = Registered['name']

/** The registered types, each read through the one shape every type has. */
export const TASK_TYPE_LIST: ReadonlyArray<TaskTypeDefinition & { readonly name: TaskType }> = REGISTERED

/** The `task_type` values, in the list's order. */
export const TASK_TYPES = TASK_TYPE_LIST.map((type) => type.name) as unknown as readonly [TaskType, ...TaskType[]]

const BY_NAME = new Map<string, TaskTypeDefinition>(TASK_TYPE_LIST.map((type) => [type.name, type]))

/** The definition of a registered type. */
export function taskType(name: TaskType): TaskTypeDefinition {
  return BY_NAME.get(name)!
}

/** Whether `value` is a registered type's name. */
export const isTaskType = (value: unknown): value is TaskType => typeof value === 'string' && BY_NAME.has(value)

/** Each type's default price, in the list's order (scenario key `service.prices`). */
export const DEFAULT_PRICES = Object.fromEntries(TASK_TYPE_LIST.map((type) => [type.name, type.price])) as Readonly<Record<TaskType, number>>

type ModesOf<T> = T extends { readonly modes: readonly (infer M)[] } ? M : never
type LimitsOf<T> = T extends { readonly limits: infer L } ? keyof L & string : never

/** An input mode of a type that has them (`match.mode` in a scenario rule). */
export type TaskMode = ModesOf<Registered>

/** Every type's modes, in the list's order. */
export const TASK_MODES = [...new Set(TASK_TYPE_LIST.flatMap((type) => type.modes ?? []))] as unknown as readonly [TaskMode, ...TaskMode[]]

/** A text limit's name (`service.limits.<name>`), declared by its type. */
export type LimitName = LimitsOf<Registered>

/** Maximum length in characters of each text field, by limit (scenario key `service.limits`). */
export type Limits = Readonly<Record<LimitName, number>>

/** Every type's text limits, in the list's order: name and limit. */
export const TEXT_LIMITS: ReadonlyArray<readonly [LimitName, TextLimit]> = TASK_TYPE_LIST.flatMap((type) =>
  Object.entries(type.limits ?? {}).map(([name, limit]) => [name as LimitName, limit] as const),
)
for (const [name] of TEXT_LIMITS) {
  if (TEXT_LIMITS.filter(([other]) => other === name).length > 1)
    throw new Error(`two task types declare the text limit ${name}: a limit's name is its scenario key`)
}

/** Each limit's default (scenario key `service.limits`). */
export const DEFAULT_LIMITS = Object.fromEntries(TEXT_LIMITS.map(([name, limit]) => [name, limit.max])) as Limits

export type { TaskTypeDefinition, TextLimit } from './task-type.js'
