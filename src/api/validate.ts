/**
 * Validation of a Create Task body: the first 400 check, with a message that names the
 * exact field and what was expected. Schemas are built once per service configuration.
 */
import { DEFAULT_MAX_INPUT_BYTES } from '../scenario/defaults.js'
import type * as z from '../zod.js'
import type { TaskRequest } from '../domain/world.js'
import { taskType } from '../domain/task-types/index.js'
import type { TaskMode, ServiceConfig } from '../domain/types.js'
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
  const definition = taskType(type)
  let mode: TaskMode | null = null
  if (definition.mode !== undefined) {
    const selected = definition.mode(input)
    if (typeof selected !== 'string') return { ok: false, message: selected.conflict }
    mode = selected as TaskMode
  }
  const checked = schemas.inputs[type][mode ?? 'input']!.safeParse(input)
  if (!checked.success) return { ok: false, message: describe(checked.error, 'input') }
  const refused = definition.check?.(input, mode) ?? null
  if (refused !== null) return { ok: false, message: refused }
  const inputBytes = jsonBytes(input)
  const maxInput = service.maxInputBytes ?? DEFAULT_MAX_INPUT_BYTES
  if (inputBytes > maxInput) {
    return { ok: false, message: `input: ${inputBytes} bytes as JSON, the limit is ${maxInput} bytes (service.max_input_bytes)` }
  }
  const mv = definition.versioned === true ? ((input['mv'] as string | undefined) ?? service.defaultVersion) : null
  return { ok: true, request: { type, model, mode, mv, input } }
}
