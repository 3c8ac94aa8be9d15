/**
 * What the web doors (`mock.fetch`, the msw handler) make a Response from: the status line, the
 * headers and the body the finishing step gave (none for a HEAD; a media file as its stream). Each
 * door then builds its own Response class from these.
 */
import type { DoorOutcome } from '../dispatch/request.js'
import { statusText } from '../dispatch/status-text.js'
import { realSleep } from '../platform/real-timers.js'

export interface WebAnswer {
  init: { status: number; statusText: string; headers: Readonly<Record<string, string>> }
  body: string | ReadableStream<Uint8Array> | null
}

export function webAnswer({ status, headers, body }: DoorOutcome & { drop?: undefined }): WebAnswer {
  return { init: { status, statusText: statusText(status), headers }, body: body === null || typeof body === 'string' ? body : body.stream() }
}

/** A fault's delay, in real time (a test's fake timers do not hold it). */
export const sleep = realSleep
