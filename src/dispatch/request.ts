/**
 * What every door hands the dispatch and gets back. A door turns its transport's request into a
 * `DispatchRequest` (method, path, headers, a body reader) and settles the `DoorOutcome` it gets
 * (an answer as it is sent, after a delay, or a dropped connection) once, its own way: node:http
 * writes it, `mock.fetch` makes a Response, msw's handler returns one. No rule lives in a door:
 * the outcome is finished (finish.ts), its headers complete and its body already gone for a HEAD.
 */
import type { MediaBody } from '../media/media-body.js'

/** Request headers by lower-case name (a Fetch `Headers`, or a view of node:http's). */
export interface HeaderReader {
  get(name: string): string | null
}

export interface DispatchRequest {
  /** As the client sent it (`GET`, `POST`; another case is kept as written). */
  readonly method: string
  /** The path below `base`, as the URL parser reads it: starts with `/`, still percent-encoded. */
  readonly path: string
  /** The query, with its `?` (or empty). */
  readonly search: string
  /**
   * Where the fake's own URLs start: the origin the client addressed, plus the prefix the fake is
   * mounted under (none, or `/mock` in a user's express app), without a trailing slash. Media URLs
   * and the OpenAPI document's server are made from it.
   */
  readonly base: string
  readonly headers: HeaderReader
  /**
   * The body's bytes (or text, where the door already holds it as a string), read up to `limit`
   * bytes; past it, how many came before reading stopped. Called at most once, and only for
   * routes that take a body.
   */
  body(limit: number): Promise<string | Uint8Array | { tooLarge: number }>
}

/** A route's answer. `content-type` is `application/json` unless `headers` say otherwise (sent-answer.ts). */
export interface Answer {
  readonly status: number
  readonly headers?: Readonly<Record<string, string>>
  /** JSON (or YAML) text; a media file, streamed as it is made; null for no body. */
  readonly body: string | MediaBody | null
}

/**
 * What the door does: send this answer after `delayMs` of real time (every header given, the
 * content type included; no body for a HEAD), or, after it, drop the connection without one.
 */
export type DoorOutcome =
  | {
      readonly status: number
      readonly headers: Readonly<Record<string, string>>
      readonly body: string | MediaBody | null
      readonly delayMs: number
      readonly drop?: undefined
    }
  | { readonly drop: true; readonly delayMs: number }

/** The dispatch: an outcome, or null when the request is not the fake's (a door that shares its origin lets it through). */
export type Dispatch = (request: DispatchRequest) => DoorOutcome | null | Promise<DoorOutcome | null>
