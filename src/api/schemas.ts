/**
 * The public API's request and response shapes, in zod: the one schema that validation,
 * the OpenAPI document and the tests share. Request schemas depend on the scenario's
 * service settings (model name, versions, limits), so they are built per service.
 */
import * as z from '../zod.js'
import { TASK_TYPES, type Limits, type ServiceConfig } from '../domain/types.js'
import { inferred } from './inferred.js'

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

/** A text field of at most `max` characters (the scenario's `service.limits.<limit>`); empty allowed only when `allowEmpty`. */
function text(what: string, max: number, limit: keyof Limits, allowEmpty = false) {
  const expected = allowEmpty ? `a string of at most ${max} characters` : `a string of 1 to ${max} characters`
  return z
    .string({
      error: (issue) => (issue.input === undefined ? `required: ${what} (${expected})` : `expected ${expected}, got ${kindOf(issue.input)}`),
    })
    .min(allowEmpty ? 0 : 1, { error: `must not be empty: ${what} (${expected})` })
    .max(max, { error: (issue) => `too long: ${String((issue.input as string).length)} characters, at most ${max} allowed` })
    .describe(`${what[0]!.toUpperCase()}${what.slice(1)}. ${inferred(`at most ${max} characters`, `service.limits.${limit}`)}`)
}

function id(what: string) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? `required: ${what} (a string)` : `expected a string, got ${kindOf(issue.input)}`) })
    .min(1, { error: `must not be empty: ${what}` })
    .describe(`${what[0]!.toUpperCase()}${what.slice(1)}`)
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
    .meta({ enum: [...service.versions] })
    .optional()
    .describe(`Model version, one of ${allowed} (default ${service.defaultVersion}). Scenario keys: \`service.versions\`, \`service.default_version\`.`)
}

const httpUrl = z
  .string({
    error: (issue) =>
      issue.input === undefined ? 'required: the URL of the audio file (an http or https URL)' : `expected an http(s) URL, got ${kindOf(issue.input)}`,
  })
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
  .meta({ pattern: '^[Hh][Tt][Tt][Pp][Ss]?://' })
  .describe('Publicly accessible http(s) URL of the audio file to upload')

/**
 * Input schemas per task type (and music mode). Unknown input fields are accepted and echoed, as the
 * real service does. Limits: `service.limits.prompt` is the lyrics task's prompt, `lyrics_prompt` the
 * lyrics (prompt) of a custom or continuation music task, as docs/scenarios.md documents them.
 */
export function inputSchemas(service: ServiceConfig) {
  const { limits } = service
  const field = (what: string, limit: keyof Limits) => text(what, limits[limit], limit, true).optional()
  const mv = version(service)
  return {
    description: z
      .looseObject({
        gpt_description_prompt: text('description of the wanted music', limits.gpt_description_prompt, 'gpt_description_prompt'),
        make_instrumental: instrumental,
        mv,
      })
      .describe("Music, description mode (the spec's): lyrics, melody and arrangement are derived from gpt_description_prompt."),
    custom: z
      .looseObject({
        prompt: field('lyrics, with [Verse]/[Chorus] tags; required unless make_instrumental is true', 'lyrics_prompt'),
        tags: field('style tags', 'tags'),
        negative_tags: field('styles to avoid', 'negative_tags'),
        title: field('song title', 'title'),
        make_instrumental: instrumental,
        mv,
      })
      .describe(inferred('music, custom mode, chosen when prompt, tags, negative_tags or title is sent: your own lyrics (prompt) and style (tags)')),
    continuation: z
      .looseObject({
        continue_clip_id: id('the clip to continue'),
        continue_at: z
          .number({ error: (issue) => `expected a number of seconds, got ${kindOf(issue.input)}` })
          .min(0, { error: 'must be 0 or more seconds' })
          .optional()
          .describe('Second of the clip at which the continuation starts'),
        prompt: field('lyrics of the continuation', 'lyrics_prompt'),
        tags: field('style tags', 'tags'),
        negative_tags: field('styles to avoid', 'negative_tags'),
        title: field('song title', 'title'),
        make_instrumental: instrumental,
        mv,
      })
      .describe(inferred('music, continuation mode, chosen when continue_clip_id is sent: extends an earlier clip from continue_at')),
    lyrics: z.looseObject({ prompt: text('description of the wanted lyrics', limits.prompt, 'prompt') }).describe('Input of a lyrics task.'),
    upload: z.looseObject({ url: httpUrl }).describe('Input of an upload task.'),
    concat: z.looseObject({ clip_id: id('a clip id from the result of an earlier music task') }).describe('Input of a concat task.'),
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
      .meta({ const: service.model })
      .describe('The model name; one value is supported. Scenario key: `service.model`.'),
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

/* Responses: response-schemas.ts, re-exported so both directions are found here. */
export {
  clipSchema,
  createdSchema,
  envelope,
  errorBodyFor,
  errorBodySchema,
  lyricsEntrySchema,
  outputSchema,
  outputVariants,
  taskSchema,
  taskVariants,
  usageSchema,
} from './response-schemas.js'
