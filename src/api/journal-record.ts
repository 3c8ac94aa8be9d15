/**
 * Records each public API and media request in the world's journal, as it was answered: the last
 * step of the dispatch's finishing step (src/dispatch/finish.ts), once the answer that goes out is
 * known, so every door records the same journal and a journal entry never tells of an answer that
 * was replaced (a 503 after a failed durable commit is journaled as that 503).
 */
import { message, type Cause, type Message } from '../domain/exchange.js'
import { faultKindOf } from '../domain/fault-kinds/index.js'
import type { JournalRecord } from '../domain/journal.js'
import { faultCounted } from '../domain/counting.js'
import type { Fired, Trace } from '../domain/trace.js'
import type { FaultAction } from '../domain/types.js'
import type { World } from '../domain/world.js'
import { originOf } from '../scenario/scenario-origin.js'
import type { Answered, ApiRequest, BodyRequest } from './request.js'

export type { JournalEntry } from './request.js'

function header(headers: Readonly<Record<string, string>>, name: string): string | undefined {
  for (const key in headers) if (key.toLowerCase() === name) return headers[key] // no key array: this runs on every request
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

/** What the journal records of an answer as it was sent: none for a dropped connection. */
export interface SentAnswer {
  readonly status: number
  /** Every header sent (the content type included). */
  readonly headers: Readonly<Record<string, string>>
  /** The body: text is kept (cut, keys masked); none, or a media file, is recorded as no body. */
  readonly body: unknown
}

/**
 * Records a request as it was answered: `answered` says what was asked (and what the client
 * sent), `answer` what was sent (null for a dropped connection), `cause` why. `replaced`: the
 * answer is not the endpoint's own (a crash, a failed durable commit, test mode), so what the
 * endpoint's answer would have shown of a task (its type and status, a created task's id) is not
 * recorded.
 */
export function journalSent(
  answered: Answered<{ readonly response?: { readonly created?: unknown } }>,
  answer: SentAnswer | null,
  delayMs: number,
  fault: JournalRecord['fault'],
  cause: Cause | null,
  replaced: boolean,
  trace: Trace | null = null,
): void {
  const { world, sent: request } = answered
  const exchange =
    request === null
      ? undefined
      : {
          request,
          response:
            answer === null
              ? null
              : message(
                  answer.headers,
                  typeof answer.body === 'string' ? answer.body : null,
                  answered.apiKey,
                  answered.apiKey === null ? undefined : world.keyLabel(answered.apiKey),
                ),
        }
  world.journal.record({
    method: answered.method,
    path: answered.path,
    endpoint: answered.endpoint,
    apiKey: answered.apiKey,
    taskId: replaced && answered.outcome.response?.created !== undefined ? null : answered.taskId,
    taskType: replaced ? null : answered.taskType,
    status: answer === null ? null : answer.status,
    taskStatus: replaced ? null : answered.taskStatus,
    retryAfterMs: answer === null ? null : retryAfterMs(header(answer.headers, 'retry-after'), world.clock.now()),
    delayMs,
    fingerprint: answered.fingerprint,
    credits: answered.credits,
    fault,
    cause,
    exchange,
    trace,
  })
}
