/**
 * Field schemas that scenario files use in many places, each with one precise message
 * for every way its value can be wrong.
 */
import { z } from 'zod'
import { parseDuration } from '../domain/duration.js'
import { expectedGot } from './messages.js'

type RawIssue = z.core.$ZodRawIssue

/**
 * An error map saying `expected WHAT, got VALUE` when the value has the wrong type or range. A
 * missing key, unknown keys and an unknown discriminator (`status`, `mode`) fall through to the
 * generic messages of messages.ts.
 */
export function expecting(what: string): (issue: RawIssue) => string | undefined {
  return (issue) => {
    if (issue.input === undefined || issue.code === 'unrecognized_keys') return undefined
    if (issue.code === 'invalid_union' && issue.discriminator !== undefined) return undefined
    return expectedGot(what, issue.input)
  }
}

export const DURATION_EXPECTED = 'a duration like 150ms, 5s, 10m or 1h'
/** The spelling `parseDuration` accepts, for editors; validation itself calls `parseDuration`. */
export const DURATION_PATTERN = '^\\s*(\\d+(\\.\\d+)?(ms|s|m|h))+\\s*$'

export function duration(expected = DURATION_EXPECTED) {
  const error = expecting(expected)
  return z
    .string({ error })
    .refine((text) => parseDuration(text) !== null, { error })
    .meta({ pattern: DURATION_PATTERN, examples: ['150ms', '5s', '10m', '1h', '1m30s'] })
}

export function positiveInt() {
  const error = expecting('a positive integer (1, 2, 3, …)')
  return z.int({ error }).min(1, { error })
}

export function nonNegativeInt() {
  const error = expecting('a non-negative integer (0, 1, 2, …)')
  return z.int({ error }).min(0, { error })
}

/** 0 to 2^32 - 1: the generators take 32-bit seeds. */
export function seedInt() {
  const error = expecting('an integer from 0 to 4294967295')
  return z.int({ error }).min(0, { error }).max(4_294_967_295, { error })
}

export function positiveNumber() {
  const error = expecting('a number greater than 0')
  return z.number({ error }).positive({ error })
}

export function nonEmptyString() {
  const error = expecting('a non-empty string')
  return z.string({ error }).min(1, { error })
}

/** An instant such as `2026-01-01T00:00:00.000Z` (an offset such as `+02:00` is fine too). */
export function isoInstant() {
  const error = expecting('an ISO 8601 instant like "2026-01-01T00:00:00.000Z"')
  return z.iso.datetime({ offset: true, error })
}

/** The reason `source` is not a JavaScript regular expression, or null when it compiles. */
export function regexError(source: string): string | null {
  try {
    new RegExp(source)
    return null
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    return reason.replace(/^Invalid regular expression: \/.*\/[a-z]*: /s, '')
  }
}

/** A JavaScript regular expression, without slashes or flags; it must compile. */
export function regexSource() {
  return z.string({ error: expecting('a regular expression (a string)') }).check((ctx) => {
    const reason = regexError(ctx.value)
    if (reason === null) return
    ctx.issues.push({
      code: 'custom',
      input: ctx.value,
      message: `${JSON.stringify(ctx.value)} is not a valid regular expression: ${reason}`,
    })
  })
}
