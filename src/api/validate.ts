/**
 * Validation of a Create Task body: the first 400 check, with a message that names the
 * exact field and what was expected. Schemas are built once per service configuration.
 */
import { DEFAULT_MAX_INPUT_BYTES } from '../scenario/defaults.js'
import type * as z from '../zod.js'
import type { TaskRequest } from '../domain/world.js'
import type { MusicMode, ServiceConfig } from '../domain/types.js'
import { createBodySchema, inputSchemas } from './schemas.js'

export type Validation = { ok: true; request: TaskRequest } | { ok: false; message: string }

interface Compiled {
  body: ReturnType<typeof createBodySchema>
  inputs: ReturnType<typeof inputSchemas>
}

const compiled = new WeakMap<ServiceConfig, Compiled>()

function schemasFor(service: ServiceConfig): Compiled {
  let found = compiled.get(service)
  if (found === undefined) {
    found = { body: createBodySchema(service), inputs: inputSchemas(service) }
    compiled.set(service, found)
  }
  return found
}

function pathOf(prefix: string, path: readonly PropertyKey[]): string {
  return [prefix, ...path.map(String)].filter((part) => part !== '').join('.')
}

function describe(error: z.ZodError, prefix: string): string {
  return error.issues.map((issue) => `${pathOf(prefix, issue.path)}: ${issue.message}`).join('; ')
}

const CUSTOM_FIELDS = ['prompt', 'tags', 'negative_tags', 'title'] as const

/** The music mode the input selects, or a message when it mixes modes. */
export function musicMode(input: Readonly<Record<string, unknown>>): MusicMode | { conflict: string } {
  if (Object.hasOwn(input, 'continue_clip_id')) {
    if (Object.hasOwn(input, 'gpt_description_prompt')) {
      return { conflict: 'input.gpt_description_prompt: not allowed with input.continue_clip_id (description mode vs continuation mode)' }
    }
    return 'continuation'
  }
  const custom = CUSTOM_FIELDS.find((field) => Object.hasOwn(input, field))
  if (custom !== undefined) {
    if (Object.hasOwn(input, 'gpt_description_prompt')) {
      return { conflict: `input.gpt_description_prompt: not allowed with input.${custom} (description mode vs custom mode)` }
    }
    return 'custom'
  }
  return 'description'
}

const UTF8 = new TextEncoder()

/** UTF-8 bytes of `value` as JSON, what the task stores and `--state` saves. */
function jsonBytes(value: unknown): number {
  const text = JSON.stringify(value)
  // Most inputs are ASCII: their length is their size, no encoding needed.
  return /^[\x00-\x7f]*$/.test(text) ? text.length : UTF8.encode(text).length
}

export function validateCreate(body: unknown, service: ServiceConfig): Validation {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    const got = body === null ? 'null' : Array.isArray(body) ? 'an array' : typeof body
    return { ok: false, message: `Request body must be a JSON object with model, task_type and input; got ${got}` }
  }
  const schemas = schemasFor(service)
  const top = schemas.body.safeParse(body)
  if (!top.success) return { ok: false, message: describe(top.error, '') }
  const { model, task_type: type } = top.data
  const input = (body as { input: Record<string, unknown> }).input
  let mode: MusicMode | null = null
  if (type === 'music') {
    const selected = musicMode(input)
    if (typeof selected !== 'string') return { ok: false, message: selected.conflict }
    mode = selected
  }
  const checked = schemas.inputs[mode ?? (type as Exclude<typeof type, 'music'>)].safeParse(input)
  if (!checked.success) return { ok: false, message: describe(checked.error, 'input') }
  if (mode === 'custom' && input['make_instrumental'] !== true && !Object.hasOwn(input, 'prompt')) {
    return { ok: false, message: 'input.prompt: required in custom mode unless input.make_instrumental is true (lyrics, with [Verse]/[Chorus] tags)' }
  }
  const inputBytes = jsonBytes(input)
  const maxInput = service.maxInputBytes ?? DEFAULT_MAX_INPUT_BYTES
  if (inputBytes > maxInput) {
    return { ok: false, message: `input: ${inputBytes} bytes as JSON, the limit is ${maxInput} bytes (service.max_input_bytes)` }
  }
  const mv = type === 'music' ? ((input['mv'] as string | undefined) ?? service.defaultVersion) : null
  return { ok: true, request: { type, model, mode, mv, input } }
}
