/**
 * The builders of input schemas, bound to a scenario's service (its limits and model versions):
 * what a task type's `inputs(kit)` is written with. zod itself is handed in (`tools.z`) by the
 * layer that validates (src/api/schemas.ts), so the domain imports no schema library. Every
 * message names what was wrong and what was expected; the validator prefixes the field path.
 */
import type * as Z from '../../zod.js'

/** What of the scenario's service the input schemas depend on. */
export interface InputService {
  /** Maximum length in characters of each text field, by the limit's name (the task types declare them: `limits`). */
  readonly limits: Readonly<Record<string, number>>
  readonly versions: readonly string[]
  readonly defaultVersion: string
}

export interface SchemaTools {
  readonly z: typeof Z
  inferred(statement: string, scenarioKey?: string): string
}

/** A value as a 400 message names it: its kind, and a string's first 40 characters. */
export function kindOf(value: unknown): string {
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

export function inputKit({ z, inferred }: SchemaTools, service: InputService) {
  const { limits } = service
  /** A text field of at most `service.limits.<limit>` characters (a limit its type declares); empty allowed only when `allowEmpty`. */
  const text = (what: string, limit: string, allowEmpty = false) => {
    const max = limits[limit]
    if (max === undefined) throw new Error(`no task type declares the text limit ${JSON.stringify(limit)} (its \`limits\`)`)
    const expected = allowEmpty ? `a string of at most ${max} characters` : `a string of 1 to ${max} characters`
    return z
      .string({
        error: (issue) => (issue.input === undefined ? `required: ${what} (${expected})` : `expected ${expected}, got ${kindOf(issue.input)}`),
      })
      .min(allowEmpty ? 0 : 1, { error: `must not be empty: ${what} (${expected})` })
      .max(max, { error: (issue) => `too long: ${String((issue.input as string).length)} characters, at most ${max} allowed` })
      .describe(`${what[0]!.toUpperCase()}${what.slice(1)}. ${inferred(`at most ${max} characters`, `service.limits.${limit}`)}`)
  }
  /** An optional text field that may be empty. */
  const field = (what: string, limit: string) => text(what, limit, true).optional()
  const id = (what: string) =>
    z
      .string({ error: (issue) => (issue.input === undefined ? `required: ${what} (a string)` : `expected a string, got ${kindOf(issue.input)}`) })
      .min(1, { error: `must not be empty: ${what}` })
      .describe(`${what[0]!.toUpperCase()}${what.slice(1)}`)
  const allowed = service.versions.join(', ')
  /** input.mv: one of the scenario's model versions. */
  const version = z
    .string({ error: (issue) => `expected one of ${allowed}, got ${kindOf(issue.input)}` })
    .refine((value) => service.versions.includes(value), {
      error: (issue) => `unsupported model version ${JSON.stringify(issue.input)}; expected one of ${allowed}`,
    })
    .meta({ enum: [...service.versions] })
    .optional()
    .describe(`Model version, one of ${allowed} (default ${service.defaultVersion}). Scenario keys: \`service.versions\`, \`service.default_version\`.`)
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
  return { z, inferred, kindOf, text, field, id, version, httpUrl }
}

export type InputKit = ReturnType<typeof inputKit>
