/**
 * An answer as it is sent, the same at every door: the JSON content type unless the answer gives
 * its own, and no body for a HEAD (which keeps the length the GET's body would have) or for a
 * status that has none (204, 304). The one place for both: the dispatch's finishing step
 * (finish.ts), and the node:http door's own few answers made before any route (node-door.ts).
 */
import type { Answer, DoorOutcome } from './request.js'
import { isNullBodyStatus } from './status-text.js'

/** The JSON content type alone: what most answers carry, one object for all of them. */
export const JSON_HEADERS: Readonly<Record<string, string>> = Object.freeze({ 'content-type': 'application/json' })

function withContentType(headers: Readonly<Record<string, string>> | undefined): Readonly<Record<string, string>> {
  if (headers === undefined) return JSON_HEADERS
  for (const name in headers) if (name.toLowerCase() === 'content-type') return headers // no key array: this runs on every request
  return { 'content-type': 'application/json', ...headers }
}

const encoder = new TextEncoder()

/** `answer` as sent for a request of `method`, after `delayMs`. */
export function sentAnswer(answer: Answer, method: string, delayMs = 0): DoorOutcome & { drop?: undefined } {
  const { status, body } = answer
  const headers = withContentType(answer.headers)
  if (method === 'HEAD') {
    // The length the GET's body would have, when the answer has not said it.
    const length = typeof body === 'string' && !('content-length' in headers) ? { 'content-length': String(encoder.encode(body).byteLength) } : null
    return { status, headers: length === null ? headers : { ...headers, ...length }, body: null, delayMs }
  }
  return { status, headers, body: body !== null && isNullBodyStatus(status) ? null : body, delayMs }
}
