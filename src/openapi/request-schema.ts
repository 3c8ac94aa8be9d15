/**
 * The Create Task body as one schema, for the OpenAPI document: the validator's own schemas
 * (src/api/schemas.ts) composed by task type, and the music input as exactly one of its three
 * modes. The validator checks in two steps (the body, then the input its type and mode select,
 * validate.ts); here the same rules are written as one schema a JSON Schema tool can read.
 */
import * as z from '../zod.js'
import { createBodySchema, inputSchemas } from '../api/schemas.js'
import { inferred } from '../api/inferred.js'
import { TASK_TYPES, type ServiceConfig, type TaskType } from '../domain/types.js'

/** A key that must be absent: how the document says which fields select another mode. */
const absent = z.never().optional()

/** Fields that select the custom mode (validate.ts `musicMode`). */
const CUSTOM_FIELDS = ['prompt', 'tags', 'negative_tags', 'title'] as const

function without<K extends string>(keys: readonly K[]): Record<K, typeof absent> {
  return Object.fromEntries(keys.map((key) => [key, absent])) as Record<K, typeof absent>
}

/**
 * The three music modes, mutually exclusive as the service decides them: continue_clip_id selects
 * continuation; otherwise any custom field selects custom; otherwise description. Custom mode needs
 * lyrics (prompt) unless make_instrumental is true, and then one of its own fields to be chosen at all.
 */
function musicModes(inputs: ReturnType<typeof inputSchemas>) {
  const fields = inputs.custom.shape
  const custom = inputs.custom.extend(without(['continue_clip_id', 'gpt_description_prompt']))
  const instrumental = (['tags', 'negative_tags', 'title'] as const).map((key) =>
    custom.extend({ make_instrumental: z.literal(true), [key]: fields[key].unwrap() }).describe(`Instrumental, custom mode chosen by ${key}`),
  )
  // extend() makes new schemas: they keep the fields' descriptions, not the object's.
  return {
    description: inputs.description.extend(without(['continue_clip_id', ...CUSTOM_FIELDS])).describe(inputs.description.description!),
    custom: z.union([custom.extend({ prompt: fields.prompt.unwrap() }).describe('With lyrics'), ...instrumental]).describe(inputs.custom.description!),
    continuation: inputs.continuation.extend(without(['gpt_description_prompt'])).describe(inputs.continuation.description!),
  }
}

/** The request schemas of the document, built once per service so that shared parts are one instance each. */
export function requestSchemas(service: ServiceConfig) {
  const inputs = inputSchemas(service)
  const modes = musicModes(inputs)
  const music = z
    .xor([modes.description, modes.custom, modes.continuation])
    .describe(`Input of a music task, in exactly one of three modes chosen by which fields are sent. ${inferred('the custom and continuation modes')}`)
  const body = createBodySchema(service)
  // The input schema of each task type (TASK_TYPES, domain/types.ts: a new type fails to compile here until it has one).
  const inputOf: Record<TaskType, z.ZodType> = { music, lyrics: inputs.lyrics, upload: inputs.upload, concat: inputs.concat }
  const typed = (type: TaskType) =>
    body.extend({ task_type: z.literal(type).describe('The task type'), input: inputOf[type] }).describe(`Create a ${type} task`)
  type Typed = ReturnType<typeof typed>
  // One named schema per task type, in TASK_TYPES order, so the union's discriminator can map each task_type to one.
  const byType = Object.fromEntries(TASK_TYPES.map((type) => [type, typed(type)])) as Record<TaskType, Typed>
  const createTask = z
    .discriminatedUnion('task_type', TASK_TYPES.map((type) => byType[type]) as [Typed, ...Typed[]])
    .describe('The Create Task body: model, task_type, and the input of that task type')
  return { createTask, byType, music, modes, lyrics: inputs.lyrics, upload: inputs.upload, concat: inputs.concat }
}
