/**
 * One exchange as the proxy hands it to the recording, and what the recording reads from its
 * answer: the route, whether the replay's faults would see it, the fault it replays as, and
 * upstream values as far as a scenario can believe them. Pure.
 */
import { exceedsDepth, MAX_JSON_DEPTH } from '../api/json-depth.js'
import { publicRouteOf } from '../api/routes.js'
import { HORIZON_MS } from '../domain/clock.js'
import { MAX_DURATION_MS } from '../domain/duration.js'
import { TASK_STATUSES, TASK_TYPES, type TaskStatus, type TaskType } from '../domain/types.js'
import { DEFAULT_MAX_BODY_BYTES } from '../scenario/defaults.js'
import type { RecordedEndpoint, RecordedFault } from './session.js'

export interface Exchange {
  /** Order of arrival; exchanges may be added as their answers come back, in another order. Default: order added. */
  seq?: number
  /** When the request arrived, in ms (the recorder's clock). */
  at: number
  method: string
  /** The path below the upstream's base URL, e.g. `/api/v1/task/abc`. */
  path: string
  apiKey: string | null
  contentType: string | null
  body: string
  /** Other secrets the request carried (its Authorization header): scrubbed from what is recorded. */
  secrets?: readonly string[]
  /** What the client was answered (the upstream's answer, or the recorder's own 502/504). */
  response: { status: number; headers: Readonly<Record<string, string>>; body: string }
  /**
   * True when the proxy answered itself (the upstream unreachable, too slow, its answer too
   * large, the request too large to forward): not the service's answer, so not recorded.
   */
  own?: boolean
}

/** Headers of an error answer worth replaying: the client's back-off depends on them. */
export const KEPT_HEADERS = /^(retry-after|x-ratelimit-[a-z-]+)$/i
export const PLACEHOLDER_PREFIX = 'recorded-key-'
/** A task never seen final stays in its last status this long in the replay, then times out. */
export const OPEN_ENDED_MS = 24 * 3_600_000
/** A task's output larger than this (as JSON) is not kept: the replay generates its own, and a comment says so. */
export const MAX_RECORDED_OUTPUT_BYTES = 256 * 1024
/** Messages (errors, faults) are kept up to this many characters. */
export const MAX_RECORDED_MESSAGE_CHARS = 4_000
/** Exchanges kept at most; later ones are answered but not recorded (and counted). */
export const MAX_EXCHANGES = 100_000

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
/** The last instant an upstream's timestamp is believed: a replay clock starting there still has 10 years before the horizon. */
export const LATEST_BELIEVED = HORIZON_MS - MAX_DURATION_MS
/** An upstream timestamp in ms, or null when it is not one a replay clock can start from. */
export const instant = (value: unknown): number | null => {
  const ms = typeof value === 'string' ? Date.parse(value) : Number.NaN
  return ms >= 0 && ms <= LATEST_BELIEVED ? ms : null
}
export const isStatus = (value: unknown): value is TaskStatus => TASK_STATUSES.includes(value as TaskStatus)
export const isType = (value: unknown): value is TaskType => TASK_TYPES.includes(value as TaskType)
/** Credits as a scenario takes them: whole and not negative (anything else from the upstream is not believed). */
export const credits = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null)
export const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value !== ''

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

export const capped = (text: string): string =>
  text.length <= MAX_RECORDED_MESSAGE_CHARS ? text : `${text.slice(0, MAX_RECORDED_MESSAGE_CHARS)}… (cut: ${text.length} characters)`

/** The public route of an upstream request (api/routes.ts), with the task id a read names. */
export function endpointOf(method: string, path: string): { endpoint: RecordedEndpoint; taskId?: string } | null {
  const route = publicRouteOf(method, path)
  if (route === null) return null
  if (route.param === null) return { endpoint: route.endpoint }
  try {
    return { endpoint: route.endpoint, taskId: decodeURIComponent(route.param) }
  } catch {
    return { endpoint: route.endpoint, taskId: route.param }
  }
}

/** Whether the replaying fake's faults see this create: its body is read as JSON first (public-api.ts). */
export function createReachesFaults(exchange: Exchange): boolean {
  const type = (exchange.contentType ?? '').split(';', 1)[0]!.trim().toLowerCase()
  if (type !== 'application/json' || exchange.body.trim() === '') return false
  if (new TextEncoder().encode(exchange.body).length > DEFAULT_MAX_BODY_BYTES) return false
  return !exceedsDepth(exchange.body, MAX_JSON_DEPTH) && parseJson(exchange.body) !== undefined
}

/** An answer as the recording keeps it: its JSON value (undefined when it is not JSON) or its text, secrets scrubbed. */
export interface Answer {
  status: number
  headers: Record<string, string>
  value: unknown
  text: string
  /** Set when the task's output was over MAX_RECORDED_OUTPUT_BYTES and was dropped. */
  outputNote?: string
}

/** The answer as a fault to replay: its status, its message (or its text) and its back-off headers. */
export function faultOf(answer: Answer): RecordedFault {
  const { value, text } = answer
  const message =
    isRecord(value) && typeof value['message'] === 'string' && value['message'] !== ''
      ? capped(value['message'])
      : text.trim() === ''
        ? `HTTP ${answer.status}`
        : text.trim().slice(0, 500)
  const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => KEPT_HEADERS.test(name)))
  return { respond: { status: answer.status, message, ...(Object.keys(headers).length > 0 && { headers }) } }
}

/** An output over the cap, dropped from a parsed answer before anything walks it; the note says what was dropped. */
export function dropLargeOutput(value: unknown, bodyBytes: number): string | undefined {
  if (bodyBytes <= MAX_RECORDED_OUTPUT_BYTES || !isRecord(value) || !isRecord(value['data'])) return undefined
  const data = value['data']
  const output = data['output']
  if (output === undefined || output === null) return undefined
  // Measured without serialising the output again: the answer less what it is without its output.
  data['output'] = null
  const bytes = bodyBytes - JSON.stringify(value).length
  if (bytes <= MAX_RECORDED_OUTPUT_BYTES) {
    data['output'] = output
    return undefined
  }
  return `output of about ${bytes} bytes not kept (over the cap of ${MAX_RECORDED_OUTPUT_BYTES} bytes): the replay generates its own`
}
