/**
 * What the admin operations accept, in zod: request bodies and query parameters over HTTP, and
 * the arguments of the in-process control (checked with the same schemas, so a mistake gets the
 * same message through either door). Every message names the field and what was expected.
 */
import * as z from '../zod.js'
import { ENDPOINTS } from '../domain/endpoint.js'
import { REPORT_RULES } from '../domain/report-rules.js'
import { TASK_STATUSES, TASK_TYPES } from '../domain/types.js'
import { badRequest } from './admin-error.js'

function shown(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'a list'
  if (typeof value === 'object') return 'an object'
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)
  return String(value)
}

const expected = (what: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? `required: ${what}` : `expected ${what}, got ${shown(issue.input)}`

/** Query parameters arrive as text: digits become a number, anything else is checked as is. */
const numeric = <S extends z.ZodType>(schema: S) => z.preprocess((value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value), schema)

const integer = (what: string, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .int({ error: expected(what) })
    .min(min, { error: expected(what) })
    .max(max, { error: expected(what) })

const text = (what: string) => z.string({ error: expected(what) }).min(1, { error: expected(what) })

const apiKey = text('an API key (a non-empty string)')
/** Longest API key an account may have: a key travels in every request's x-api-key header and in every view of the account. */
export const MAX_API_KEY_LENGTH = 256
/** A new account's key: what an x-api-key header carries intact (visible ASCII, no spaces), at most MAX_API_KEY_LENGTH. */
const newApiKey = apiKey
  .max(MAX_API_KEY_LENGTH, { error: (issue) => `expected an API key of at most ${MAX_API_KEY_LENGTH} characters, got ${(issue.input as string).length}` })
  .regex(/^[\x21-\x7e]+$/, { error: (issue) => `expected an API key of visible ASCII characters (no spaces or control characters), got ${shown(issue.input)}` })
const credits = integer('a whole number of credits, 0 or more', 0)
const FINAL = ['success', 'failure', 'timeout'] as const

export const createAccountBody = z.strictObject({ api_key: newApiKey, credits })
export const topUpBody = z.strictObject({ credits: integer('a whole number of credits, 1 or more', 1) })
export const resetAccountBody = z.strictObject({ credits: credits.optional() })

export const forceBody = z
  .strictObject({
    status: z.enum(FINAL, { error: expected(`one of ${FINAL.join(', ')}`) }),
    error: text('an error message (a non-empty string)').optional(),
  })
  .refine((body) => body.error === undefined || body.status === 'failure', {
    path: ['error'],
    error: 'only a failure has an error message; leave it out for success and timeout',
  })

export const advanceBody = z.strictObject({
  by: z.union([z.string(), z.number().nonnegative()], { error: expected('a duration like "5m", or milliseconds (a number 0 or more)') }),
})
export const setBody = z.strictObject({ to: text('an ISO 8601 instant like "2026-01-01T01:00:00.000Z"') })

/** Paging of the admin lists (see paging.ts): `limit` 1 to 1000, `offset` 0 or more. */
const paging = {
  limit: numeric(integer('a page size from 1 to 1000', 1, 1000)).optional(),
  offset: numeric(integer('an offset, 0 or more', 0)).optional(),
}

export const accountsQuery = z.strictObject(paging)

export const tasksQuery = z.strictObject({
  ...paging,
  api_key: apiKey.optional(),
  type: z.enum(TASK_TYPES, { error: expected(`one of ${TASK_TYPES.join(', ')}`) }).optional(),
  status: z.enum(TASK_STATUSES, { error: expected(`one of ${TASK_STATUSES.join(', ')}`) }).optional(),
  /** Text the task's id or error contains (case-insensitive). */
  q: z
    .string({ error: expected('text to search for') })
    .max(200, { error: expected('at most 200 characters of text') })
    .optional(),
})

/** The endpoints the journal records (domain/endpoint.ts). */
export const JOURNAL_ENDPOINTS = ENDPOINTS
export const journalQuery = z.strictObject({
  api_key: apiKey.optional(),
  endpoint: z.enum(JOURNAL_ENDPOINTS, { error: expected(`one of ${JOURNAL_ENDPOINTS.join(', ')}`) }).optional(),
  /** An HTTP status (`402`) or a class of them (`4xx`); `dropped` for connections a fault closed. */
  status: z
    .union([numeric(integer('an HTTP status (100 to 599)', 100, 599)), z.enum(['1xx', '2xx', '3xx', '4xx', '5xx', 'dropped'])], {
      error: expected('an HTTP status (100 to 599), a class of them (2xx, 4xx, 5xx) or dropped'),
    })
    .optional(),
  task_id: text('a task id').optional(),
  /** Text the entry's path, task id, cause, headers or bodies contain (case-insensitive). */
  q: z
    .string({ error: expected('text to search for') })
    .max(200, { error: expected('at most 200 characters of text') })
    .optional(),
  limit: numeric(integer('a number of entries, 1 or more', 1)).optional(),
  /** Entries to skip (newest first), for paging. */
  offset: numeric(integer('a number of entries to skip, 0 or more', 0)).optional(),
  /** The requests behind the client report's violations of this rule (with `api_key`, `task_id`: that key's, that task's). */
  rule: z.enum(REPORT_RULES, { error: expected(`one of ${REPORT_RULES.join(', ')}`) }).optional(),
  /** Only these journal sequence numbers (comma-separated, at most 1000): the requests a report violation names. */
  seq: z
    .string({ error: expected('journal sequence numbers like "3,4,5"') })
    .regex(/^\d{1,15}(,\d{1,15}){0,999}$/, { error: expected('journal sequence numbers like "3,4,5" (at most 1000)') })
    .transform((list) => new Set(list.split(',').map(Number)))
    .optional(),
})

export const reportQuery = z.strictObject({
  api_key: apiKey.optional(),
  rule: z.enum(REPORT_RULES, { error: expected(`one of ${REPORT_RULES.join(', ')}`) }).optional(),
})

export const exportQuery = z.strictObject({
  keys: z.enum(['placeholder', 'keep'], { error: expected('placeholder (recorded-key-N, the default) or keep') }).optional(),
})

/** The value checked by `schema`, or an AdminError (400) naming the first mistake: `credits: expected …`. */
export function check<S extends z.ZodType>(schema: S, value: unknown, where: 'body' | 'query'): z.output<S> {
  const parsed = schema.safeParse(value ?? {})
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]!
  const field = issue.path.map(String).join('.')
  const name = where === 'query' ? `query parameter ${field}` : field
  if (issue.code === 'unrecognized_keys') {
    const allowed = schema instanceof z.ZodObject ? Object.keys(schema.shape).join(', ') : ''
    const kind = where === 'query' ? 'query parameter' : 'field'
    throw badRequest(`unknown ${kind} ${issue.keys.map((key) => JSON.stringify(key)).join(', ')}; expected ${allowed || 'none'}`)
  }
  if (issue.path.length === 0) throw badRequest(`expected a JSON object in the ${where}, got ${shown(value)}`)
  throw badRequest(`${name}: ${issue.message}`)
}
