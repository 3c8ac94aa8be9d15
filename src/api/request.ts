/**
 * What a door hands the api layer and what it gets back: a request in (key, origin, body text),
 * an outcome out (a response, or a dropped connection, possibly after a delay).
 */
import type { Message } from '../domain/exchange.js'
import type { JournalRecord } from '../domain/journal.js'
import type { Trace } from '../domain/trace.js'
import type { FaultAction } from '../domain/types.js'
import type { World } from '../domain/world.js'
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

/** What a journal entry says of the request itself: its record without the answer. */
export type JournalEntry = Omit<JournalRecord, 'status' | 'retryAfterMs' | 'delayMs' | 'fault' | 'cause' | 'exchange'>

/**
 * A public endpoint's outcome, and what its journal entry says of the request (one object: the
 * entry's fields are its own). The api layer answers; the dispatch's finishing step sends the
 * answer and journals it, from the answer actually sent (src/dispatch/finish.ts).
 */
export interface Answered<O = Outcome> extends JournalEntry {
  /** The world that answered: its journal records the request. */
  readonly world: World
  readonly outcome: O
  /** What the client sent (headers and body), for the journal's exchange; null: none kept (media). */
  readonly sent: Message | null
}

/** An answer sent at once, decided before the scenario's faults were consulted. */
export const now = (response: ApiResponse): Outcome => ({ response, delayMs: 0 })
