/**
 * Field schemas that scenario files use in many places, each with one precise message
 * for every way its value can be wrong.
 */
import { RE2JS, RE2JSSyntaxException } from 're2js'
import * as z from '../zod.js'
import { HORIZON, HORIZON_MS, MAX_AUTO_SPEED } from '../domain/clock.js'
import { formatDuration, MAX_DURATION_MS, parseDuration } from '../domain/duration.js'
import type { TextPattern } from '../domain/types.js'
import { expectedGot } from './messages.js'

type RawIssue = z.$ZodRawIssue

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

/** A duration of at most `maxMs` (10 years by default: see MAX_DURATION_MS), spelt as `parseDuration` reads it. */
export function duration(expected = DURATION_EXPECTED, maxMs = MAX_DURATION_MS, what = 'a duration') {
  const error = expecting(expected)
  const tooLong = expecting(`${what} of at most ${formatDuration(maxMs)}${maxMs === MAX_DURATION_MS ? ' (10 years)' : ''}`)
  return z
    .string({ error })
    .refine((text) => parseDuration(text) !== null, { error })
    .refine((text) => (parseDuration(text) ?? 0) <= maxMs, { error: tooLong })
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

/** Clock seconds per real second of an auto clock: greater than 0, at most MAX_AUTO_SPEED. */
export function clockSpeed() {
  const error = expecting(`a number greater than 0 and at most ${MAX_AUTO_SPEED}`)
  return z.number({ error }).positive({ error }).max(MAX_AUTO_SPEED, { error })
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
  return z.iso.datetime({ offset: true, error }).refine((text) => !(Date.parse(text) > HORIZON_MS), { error: expecting(`an instant no later than ${HORIZON}`) }) // an unreadable one is reported once, above
}

/** Patterns longer than this are refused: compiling one costs time in proportion to its length. */
export const MAX_PATTERN_LENGTH = 1000

/** A `matches:` pattern, or why the fake cannot run it. */
export type PatternResult = { ok: true; pattern: TextPattern } | { ok: false; reason: string }

/**
 * Compiles `source` with RE2 (re2js), whose matching time is linear in the text: a rule such
 * as `^(a+)+$` cannot freeze the fake the way a backtracking engine lets it. JavaScript
 * spellings RE2 writes differently (`\u0041`, `[^]`, named groups) are translated first;
 * what RE2 cannot do in linear time (backreferences, lookaround) is refused with its reason.
 */
export function compilePattern(source: string): PatternResult {
  try {
    const compiled = RE2JS.compile(RE2JS.translateRegExp(source))
    return { ok: true, pattern: { source, test: (text) => compiled.test(text) } }
  } catch (error) {
    const reason = error instanceof RE2JSSyntaxException ? (error.input ? `${error.error} at \`${error.input}\`` : error.error) : String(error)
    return { ok: false, reason }
  }
}

/** A pattern in RE2 syntax (JavaScript's, without backreferences or lookaround), no slashes or flags; it must compile. */
export function regexSource() {
  return z.string({ error: expecting('a regular expression (a string)') }).check((ctx) => {
    if (ctx.value.length > MAX_PATTERN_LENGTH) {
      ctx.issues.push({ code: 'custom', input: ctx.value, message: `expected a pattern of at most ${MAX_PATTERN_LENGTH} characters, got ${ctx.value.length}` })
      return
    }
    const compiled = compilePattern(ctx.value)
    if (compiled.ok) return
    ctx.issues.push({
      code: 'custom',
      input: ctx.value,
      message: `${JSON.stringify(ctx.value)} is not a pattern the fake can run: ${compiled.reason} (patterns use RE2 syntax, which runs in linear time: no backreferences or lookaround)`,
    })
  })
}
