/**
 * What a door hands the api layer and what it gets back: a request in (key, origin, body text),
 * an outcome out (a response, or a dropped connection, possibly after a delay).
 */
import type { Trace } from '../domain/trace.js'
import type { FaultAction } from '../domain/types.js'
import type { ApiResponse } from './respond.js'

export interface ApiRequest {
  apiKey: string | null
  /** `http://host:port` as the client addressed the fake; asset URLs in outputs use it. */
  origin: string
}

export interface BodyRequest extends ApiRequest {
  contentType: string | null
  /** The body text, or `too_large` when it passed the scenario's size limit. */
  body: string | { tooLarge: number }
}

/**
 * `fault`: set once the request reached the scenario's faults: the action that fired, or null.
 * `trace`: which fault (and, for a create, which rule) applied and which almost did (domain/trace.ts).
 */
export type Outcome =
  | { response: ApiResponse; delayMs: number; drop?: undefined; fault?: FaultAction | null; trace?: Trace | null }
  | { drop: true; delayMs: number; response?: undefined; fault?: FaultAction | null; trace?: Trace | null }

/** An answer sent at once, decided before the scenario's faults were consulted. */
export const now = (response: ApiResponse): Outcome => ({ response, delayMs: 0 })
