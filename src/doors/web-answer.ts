/**
 * What the web doors (`mock.fetch`, the msw handler) make a Response from: the status line and
 * headers every door sends, and the body (none for a HEAD or a null-body status; a media file as
 * its stream). Each door then builds its own Response class from these.
 */
import type { Answer } from '../dispatch/request.js'
import { isNullBodyStatus, statusText } from '../dispatch/status-text.js'
import { realSleep } from '../platform/real-timers.js'

export interface WebAnswer {
  init: { status: number; statusText: string; headers: Record<string, string> }
  body: string | ReadableStream<Uint8Array> | null
}

export function webAnswer({ status, headers, body }: Answer, head: boolean): WebAnswer {
  const init = { status, statusText: statusText(status), headers: { 'content-type': 'application/json', ...headers } }
  if (body === null || head || isNullBodyStatus(status)) return { init, body: null }
  return { init, body: typeof body === 'string' ? body : body.stream() }
}

/** A fault's delay, in real time (a test's fake timers do not hold it). */
export const sleep = realSleep
