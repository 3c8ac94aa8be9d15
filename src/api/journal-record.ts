/**
 * Records each public API request and its outcome in the world's journal: the last step of the
 * api layer's pipeline (public-api.ts, asset-api.ts), so every door that calls it (msw handlers
 * in-process, express, the node:http fast path) records the same journal.
 */
import { message, type Cause, type Message } from '../domain/exchange.js'
import { faultKindOf } from '../domain/fault-kinds/index.js'
import type { JournalRecord } from '../domain/journal.js'
import { faultCounted } from '../domain/counting.js'
import type { Fired, Trace } from '../domain/trace.js'
import type { FaultAction } from '../domain/types.js'
import type { World } from '../domain/world.js'
import { originOf } from '../scenario/scenario-origin.js'
import type { ApiRequest, BodyRequest, Outcome } from './request.js'

/** A journal record without its answer. */
export type JournalEntry = Omit<JournalRecord, 'status' | 'retryAfterMs' | 'delayMs' | 'fault'>

function header(headers: Readonly<Record<string, string>> | undefined, name: string): string | undefined {
  if (headers === undefined) return undefined
  for (const key of Object.keys(headers)) if (key.toLowerCase() === name) return headers[key]
  return undefined
}

/** Retry-After in ms: delay-seconds, or an HTTP date relative to the fake's clock; null when absent or unreadable. */
export function retryAfterMs(value: string | undefined, now: number): number | null {
  if (value === undefined) return null
  const text = value.trim()
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000)
  const date = Date.parse(text)
  return Number.isNaN(date) ? null : Math.max(0, date - now)
}

/** Completes `base` with the answer and records it (fields written out: spreads are slow on this hot path). */
export function record(
  world: World,
  base: JournalEntry,
  status: number | null,
  delayMs: number,
  headers: Readonly<Record<string, string>> | undefined,
  fault: JournalRecord['fault'] = null,
  cause: Cause | null = null,
  exchange?: JournalRecord['exchange'],
  trace: Trace | null = null,
): void {
  world.journal.record({
    method: base.method,
    path: base.path,
    endpoint: base.endpoint,
    apiKey: base.apiKey,
    taskId: base.taskId,
    taskType: base.taskType,
    status,
    taskStatus: base.taskStatus,
    retryAfterMs: headers === undefined ? null : retryAfterMs(header(headers, 'retry-after'), world.clock.now()),
    delayMs,
    fingerprint: base.fingerprint,
    credits: base.credits,
    fault,
    cause,
    exchange,
    trace,
  })
}

/**
 * The request headers last recorded (`sent`), frozen: a client sends the same key and content
 * type again and again, so all their journal entries share one object (and reads one whole
 * record). Kept for thousands of requests, an object each would be as many more for the garbage
 * collector.
 */
let last: { label: string | null; contentType: string | null; headers: Readonly<Record<string, string>>; bodiless: Message } | null = null

function sentHeaders(label: string | null, contentType: string | null): NonNullable<typeof last> {
  if (last === null || last.label !== label || last.contentType !== contentType) {
    const headers: Record<string, string> = {}
    if (label !== null) headers['x-api-key'] = label
    if (contentType !== null) headers['content-type'] = contentType
    Object.freeze(headers)
    last = { label, contentType, headers, bodiless: Object.freeze({ headers, body: null, truncated: null }) }
  }
  return last
}

/** What the client sent, as the api layer sees it: its key (as the world labels it), content type and body. */
export function sent(world: World, request: ApiRequest | BodyRequest, body: string | null): Message {
  const label = request.apiKey === null ? null : world.keyLabel(request.apiKey)
  const { headers, bodiless } = sentHeaders(label, 'contentType' in request ? request.contentType : null)
  return body === null ? bodiless : message(headers, body, request.apiKey, label ?? undefined)
}

/** The fault that fired, by its index in the scenario, its kind, its place in the scenario file and how it counted this request. */
export function faultCause(world: World, action: FaultAction, fired: Fired | null = null): Cause | null {
  const index = fired?.index ?? world.scenario.faults.findIndex((fault) => fault.action === action)
  const fault = world.scenario.faults[index]
  if (fault === undefined) return null
  const at = originOf(world.scenario)?.faults[index]
  const nth = fired?.nth ?? null
  const counted = nth === null ? null : faultCounted(fault.match, nth, (key) => world.keyLabel(key))
  return { kind: 'fault', index, action: faultKindOf(action).key, line: at?.line ?? null, col: at?.col ?? null, nth, counted }
}

/** The JSON content type alone: what most answers carry, one object for all their journal entries. */
const JSON_ONLY: Readonly<Record<string, string>> = Object.freeze({ 'content-type': 'application/json' })

/** The headers an answer is sent with (a door adds the JSON content type unless the answer gives its own). */
function answerHeaders(headers: Readonly<Record<string, string>> | undefined): Readonly<Record<string, string>> {
  return headers === undefined ? JSON_ONLY : { 'content-type': 'application/json', ...headers }
}

/** Records a public API request: `entry` says what was asked, `request` what was sent, `outcome` how it was answered. */
export function recordOutcome(world: World, entry: JournalEntry, outcome: Outcome, request?: Message): void {
  const fault = outcome.fault === undefined ? null : (outcome.fault ?? 'none')
  const trace = outcome.trace ?? null
  const cause = (outcome.fault ? faultCause(world, outcome.fault, trace?.fault) : null) ?? outcome.response?.cause ?? null
  const answered = outcome.response
  const exchange =
    request === undefined
      ? undefined
      : {
          request,
          response:
            answered === undefined
              ? null
              : message(answerHeaders(answered.headers), answered.body, entry.apiKey, entry.apiKey === null ? undefined : world.keyLabel(entry.apiKey)),
        }
  record(world, entry, outcome.drop ? null : outcome.response.status, outcome.delayMs, outcome.response?.headers, fault, cause, exchange, trace)
}
