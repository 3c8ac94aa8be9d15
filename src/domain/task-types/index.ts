/**
 * The task types the fake serves: one file each, registered here, in the order the document,
 * the scenario schema and the inspector list them. Adding a type is a file beside these and a
 * line in this list (CONTRIBUTING.md, "Worked example: a task type"); everything else derives.
 */
import { concat } from './concat.js'
import { lyrics } from './lyrics.js'
import { music } from './music.js'
import type { TaskTypeDefinition } from './task-type.js'
import { upload } from './upload.js'

const REGISTERED = [music, lyrics, upload, concat] as const

export type TaskType = (typeof REGISTERED)[number]['name']

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

export type { TaskTypeDefinition } from './task-type.js'
