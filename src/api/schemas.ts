/**
 * The public API's request and response shapes, in zod: the one schema that validation,
 * the OpenAPI document and the tests share. Request schemas depend on the scenario's
 * service settings (model name, versions, limits), so they are built per service.
 */
import { z } from 'zod'
import { TASK_STATUSES, TASK_TYPES, type ServiceConfig } from '../domain/types.js'

function kindOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  switch (typeof value) {
    case 'string':
      return `a string (${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)})`
    case 'object':
      return 'an object'
    default:
      return `${typeof value} ${JSON.stringify(value)}`
  }
}

/** A text field of at most `max` characters; empty allowed only when `allowEmpty`. */
function text(what: string, max: number, allowEmpty = false) {
  const expected = allowEmpty ? `a string of at most ${max} characters` : `a string of 1 to ${max} characters`
  return z
    .string({
      error: (issue) => (issue.input === undefined ? `required: ${what} (${expected})` : `expected ${expected}, got ${kindOf(issue.input)}`),
    })
    .min(allowEmpty ? 0 : 1, { error: `must not be empty: ${what} (${expected})` })
    .max(max, { error: (issue) => `too long: ${String((issue.input as string).length)} characters, at most ${max} allowed` })
    .describe(what)
}

function id(what: string) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? `required: ${what} (a string)` : `expected a string, got ${kindOf(issue.input)}`) })
    .min(1, { error: `must not be empty: ${what}` })
    .describe(what)
}

const instrumental = z
  .boolean({ error: (issue) => `expected true or false, got ${kindOf(issue.input)}` })
  .optional()
  .describe('true produces music without vocals (default false)')

function version(service: ServiceConfig) {
  const allowed = service.versions.join(', ')
  return z
    .string({ error: (issue) => `expected one of ${allowed}, got ${kindOf(issue.input)}` })
    .refine((value) => service.versions.includes(value), {
      error: (issue) => `unsupported model version ${JSON.stringify(issue.input)}; expected one of ${allowed}`,
    })
    .optional()
    .describe(`Model version (default ${service.defaultVersion})`)
}

const httpUrl = z
  .string({ error: (issue) => (issue.input === undefined ? 'required: the URL of the audio file (an http or https URL)' : `expected an http(s) URL, got ${kindOf(issue.input)}`) })
  .refine(
    (value) => {
      try {
        const url = new URL(value)
        return url.protocol === 'http:' || url.protocol === 'https:'
      } catch {
        return false
      }
    },
    { error: (issue) => `expected an http(s) URL, got ${kindOf(issue.input)}` },
  )
  .describe('Publicly accessible URL of the audio file to upload')

/** Input schemas per task type (and music mode). Unknown input fields are accepted and echoed, as the real service does. */
export function inputSchemas(service: ServiceConfig) {
  const { limits } = service
  const mv = version(service)
  return {
    description: z.looseObject({
      gpt_description_prompt: text('description of the wanted music', limits.gpt_description_prompt),
      make_instrumental: instrumental,
      mv,
    }),
    custom: z.looseObject({
      prompt: text('lyrics, with [Verse]/[Chorus] tags', limits.prompt, true).optional(),
      tags: text('style tags', limits.tags, true).optional(),
      negative_tags: text('styles to avoid', limits.negative_tags, true).optional(),
      title: text('song title', limits.title, true).optional(),
      make_instrumental: instrumental,
      mv,
    }),
    continuation: z.looseObject({
      continue_clip_id: id('the clip to continue'),
      continue_at: z
        .number({ error: (issue) => `expected a number of seconds, got ${kindOf(issue.input)}` })
        .min(0, { error: 'must be 0 or more seconds' })
        .optional()
        .describe('Second of the clip at which the continuation starts'),
      prompt: text('lyrics of the continuation', limits.prompt, true).optional(),
      tags: text('style tags', limits.tags, true).optional(),
      negative_tags: text('styles to avoid', limits.negative_tags, true).optional(),
      title: text('song title', limits.title, true).optional(),
      make_instrumental: instrumental,
      mv,
    }),
    lyrics: z.looseObject({ prompt: text('description of the wanted lyrics', limits.lyrics_prompt) }),
    upload: z.looseObject({ url: httpUrl }),
    concat: z.looseObject({ clip_id: id('a clip id from the result of an earlier music task') }),
  }
}

export function createBodySchema(service: ServiceConfig) {
  return z.looseObject({
    model: z
      .string({
        error: (issue) =>
          issue.input === undefined ? `required: the model name (${JSON.stringify(service.model)})` : `expected a string, got ${kindOf(issue.input)}`,
      })
      .refine((value) => value === service.model, {
        error: (issue) => `unsupported model ${JSON.stringify(issue.input)}; the only supported model is ${JSON.stringify(service.model)}`,
      })
      .describe('The model name; one value is supported'),
    task_type: z
      .enum(TASK_TYPES, {
        error: (issue) =>
          issue.input === undefined ? `required: one of ${TASK_TYPES.join(', ')}` : `expected one of ${TASK_TYPES.join(', ')}, got ${kindOf(issue.input)}`,
      })
      .describe('The task type'),
    input: z
      .record(z.string(), z.unknown(), {
        error: (issue) => (issue.input === undefined ? 'required: the task input (an object)' : `expected an object, got ${kindOf(issue.input)}`),
      })
      .describe('Task-specific input, returned as submitted'),
  })
}

/* ---- responses ---- */

export const errorBodySchema = z.strictObject({
  code: z.number().int().describe('The HTTP status'),
  message: z.string().describe('What went wrong, and where'),
})

export const clipSchema = z.strictObject({
  id: z.string(),
  audio_url: z.string(),
  image_url: z.string(),
  title: z.string(),
  duration: z.number(),
})

export const outputSchema = z.looseObject({
  taskType: z.enum(TASK_TYPES),
  taskId: z.string(),
  status: z.string(),
  progress: z.string(),
  failReason: z.string().nullable(),
  result: z.array(z.record(z.string(), z.unknown())),
})

const isoInstant = z.iso.datetime({ precision: 3 })

export const taskSchema = z.strictObject({
  task_id: z.string(),
  model: z.string(),
  type: z.enum(TASK_TYPES),
  status: z.enum(TASK_STATUSES),
  credits_cost: z.number(),
  input: z.record(z.string(), z.unknown()),
  output: outputSchema.nullable(),
  error: z.string().nullable(),
  created_at: isoInstant,
  completed_at: isoInstant.nullable(),
})

export const createdSchema = z.strictObject({
  task_id: z.string(),
  type: z.enum(TASK_TYPES),
  status: z.literal('pending'),
  credits_charged: z.number(),
  created_at: isoInstant,
})

export const usageSchema = z.strictObject({
  tasks_created: z.number(),
  credits_used: z.number(),
  credits_topped_up: z.number(),
})

export function envelope<T extends z.ZodType>(code: number, data: T) {
  return z.strictObject({ code: z.literal(code), data })
}
