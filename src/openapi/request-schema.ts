/**
 * The Create Task body as one schema, for the OpenAPI document: the validator's own schemas
 * (src/api/schemas.ts, each task type's from src/domain/task-types/) composed by task type, and
 * each type's input as its file documents it (music: exactly one of its three modes). The
 * validator checks in two steps (the body, then the input its type and mode select, validate.ts);
 * here the same rules are written as one schema a JSON Schema tool can read.
 */
import * as z from '../zod.js'
import { createBodySchema, inputKitFor, inputSchemas } from '../api/schemas.js'
import { TASK_TYPE_LIST } from '../domain/task-types/index.js'
import { TASK_TYPES, type ServiceConfig, type TaskType } from '../domain/types.js'

/** A type's input as the document shows it, and the named schemas it is made of. */
export interface DocumentedInput {
  input: z.ZodType
  parts: ReadonlyArray<readonly [string, z.ZodType]>
}

const capital = (name: string): string => `${name[0]!.toUpperCase()}${name.slice(1)}`

/** A type without a `document` of its own: its one input, or one of its modes' inputs (each a named part). */
function documentedByDefault(name: string, inputs: Readonly<Record<string, z.ZodObject>>): DocumentedInput {
  const modes = Object.keys(inputs)
  if (modes.length === 1) return { input: inputs[modes[0]!]!, parts: [] }
  const parts = modes.map((mode) => [`${capital(name)}${capital(mode)}Input`, inputs[mode]!] as const)
  const input = z
    .union(parts.map(([, schema]) => schema) as [z.ZodObject, ...z.ZodObject[]])
    .describe(`Input of a ${name} task, in one of its modes: ${modes.join(', ')}`)
  return { input, parts }
}

/** The request schemas of the document, built once per service so that shared parts are one instance each. */
export function requestSchemas(service: ServiceConfig) {
  const kit = inputKitFor(service)
  const inputs = inputSchemas(service, kit)
  const inputOf = Object.fromEntries(
    TASK_TYPE_LIST.map((type): [TaskType, DocumentedInput] => [
      type.name,
      type.document?.(inputs[type.name], kit) ?? documentedByDefault(type.name, inputs[type.name]),
    ]),
  ) as Record<TaskType, DocumentedInput>
  const body = createBodySchema(service)
  const typed = (type: TaskType) =>
    body.extend({ task_type: z.literal(type).describe('The task type'), input: inputOf[type].input }).describe(`Create a ${type} task`)
  type Typed = ReturnType<typeof typed>
  // One named schema per task type, in TASK_TYPES order, so the union's discriminator can map each task_type to one.
  const byType = Object.fromEntries(TASK_TYPES.map((type) => [type, typed(type)])) as Record<TaskType, Typed>
  const createTask = z
    .discriminatedUnion('task_type', TASK_TYPES.map((type) => byType[type]) as [Typed, ...Typed[]])
    .describe('The Create Task body: model, task_type, and the input of that task type')
  return { createTask, byType, inputOf }
}
