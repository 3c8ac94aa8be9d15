/**
 * What the journal keeps of each request beyond its summary, as a browser's devtools would show
 * it: the request's and the response's headers and bodies, and why the answer was what it was.
 *
 * Memory bound: each body is cut at BODY_CAP characters (and marked `truncated`); the exchanges
 * together hold at most DETAIL_BUDGET characters of headers and bodies, the oldest ones going
 * first (their journal entries stay, with `exchange: null`). With the journal's default 10,000
 * entries that is at most ~8 M characters (~8–16 MB) whatever the traffic.
 */
import type { FaultKey } from './fault-kinds/index.js'
import { replaceKey } from './key-spellings.js'
import { maskKey } from './mask.js'

export const BODY_CAP = 4096
export const DETAIL_BUDGET = 8_000_000

/** Why the answer was what it was; null on a journal entry answered normally. */
export type Cause =
  | { kind: 'auth'; reason: 'missing_key' | 'invalid_key' }
  | { kind: 'rate_limit' }
  | { kind: 'validation'; field: string | null }
  | { kind: 'ledger'; available: number; required: number }
  | { kind: 'not_found' }
  | { kind: 'store_full' }
  /** A create whose durable commit failed (`--state-mode durable`): answered 503, nothing kept. */
  | { kind: 'state' }
  /** A bug in the fake: an exception answered as its JSON 500. */
  | { kind: 'internal' }
  /** Test mode: the answer was off the OpenAPI document, replaced by a 500 that says how. */
  | { kind: 'off_document' }
  /**
   * A scenario fault: its index in `faults`, its kind, where it is in the scenario file (null
   * without text), which of its matches this request was (`nth`) and how it counted, in words
   * (`3rd create, all keys counted`); null when not known (a journal restored from elsewhere).
   */
  | { kind: 'fault'; index: number; action: FaultKey; line: number | null; col: number | null; nth: number | null; counted: string | null }

export interface Message {
  readonly headers: Readonly<Record<string, string>>
  /** The body, cut at BODY_CAP characters; null when there was none. */
  readonly body: string | null
  /** The body's full length in characters, when it was cut. */
  readonly truncated: number | null
}

export interface Exchange {
  readonly request: Message
  /** Null for a dropped connection. */
  readonly response: Message | null
}

/**
 * The first `length` characters of `text` as a string of their own. A plain `slice` may share the
 * whole text's memory (V8 makes a view into it), so a journal entry showing 4 KiB of a 1 MiB
 * body kept the 1 MiB (issue 40); a concatenation read once is copied into a string of its own.
 */
export function cut(text: string, length: number): string {
  return (' ' + text.slice(0, length)).slice(1)
}

/** Keys shorter than this are not masked inside bodies (replacing "ab" everywhere would garble them). */
export const MIN_MASKED_KEY = 3

/**
 * A message with its body capped (it keeps no more of the body than it shows) and `apiKey`, when
 * given, replaced by `label` (the world's label of the key; by default its mask) in every spelling
 * key-spellings.ts recognises.
 */
export function message(headers: Readonly<Record<string, string>>, body: string | null, apiKey: string | null = null, label?: string): Message {
  const truncated = body !== null && body.length > BODY_CAP ? body.length : null
  if (body === null || apiKey === null || apiKey.length < MIN_MASKED_KEY) {
    return truncated === null ? { headers, body, truncated } : { headers, body: cut(body!, BODY_CAP), truncated }
  }
  return { headers, body: masked(body, apiKey, label ?? maskKey(apiKey)), truncated }
}

/**
 * The body last masked, and what it gave: a client reads a finished task again and again, and
 * its body (one string, rendered once) and key are the same each time. Holds one body at most,
 * and only one the journal keeps whole (no longer than BODY_CAP): never a large body past its request.
 */
let last: { body: string; apiKey: string; replacement: string; shown: string } | null = null

/** `body` with `apiKey` replaced in every spelling, cut at BODY_CAP characters. */
function masked(body: string, apiKey: string, replacement: string): string {
  if (last !== null && last.body === body && last.apiKey === apiKey && last.replacement === replacement) return last.shown
  const replaced = replaceKey(body, apiKey, replacement, BODY_CAP)
  const shown = replaced === body ? body : cut(replaced, replaced.length)
  last = body.length <= BODY_CAP ? { body, apiKey, replacement, shown } : null
  return shown
}

function sizeOf(message: Message | null): number {
  if (message === null) return 0
  let size = message.body?.length ?? 0
  const { headers } = message
  for (const name in headers) size += name.length + headers[name]!.length // no entry arrays: this runs on every request
  return size
}

/**
 * Exchanges by journal sequence number, oldest dropped first past `budget` characters. Held in
 * slots in arrival order (ascending sequence numbers from a head index, compacted now and then):
 * eviction walks them from the head, and a lookup is a binary search. A slot keeps the two
 * messages and the size, not an Exchange and a map entry each: every exchange is kept for
 * thousands of requests, and each object kept that long is one more the garbage collector copies
 * and marks. `get` makes the Exchange when asked (the inspector and the admin journal ask).
 */
export class ExchangeStore {
  #seqs: number[] = []
  #requests: (Message | null)[] = []
  #responses: (Message | null)[] = []
  /** -1: the slot's exchange was deleted. */
  #sizes: number[] = []
  #head = 0
  #held = 0
  #used = 0

  constructor(readonly budget = DETAIL_BUDGET) {}

  get used(): number {
    return this.#used
  }

  /** Exchanges held, and sequence numbers queued for eviction (never more than a few over the journal's size). */
  get counts(): { held: number; queued: number } {
    return { held: this.#held, queued: this.#seqs.length - this.#head }
  }

  /** `seq` comes after every sequence number put before (the journal's order). */
  put(seq: number, exchange: Exchange): void {
    const size = sizeOf(exchange.request) + sizeOf(exchange.response)
    this.#seqs.push(seq)
    this.#requests.push(exchange.request)
    this.#responses.push(exchange.response)
    this.#sizes.push(size)
    this.#held += 1
    this.#used += size
    while (this.#used > this.budget && this.#head < this.#seqs.length) this.#empty(this.#head++)
    // Those the journal already dropped (its oldest) leave the queue too: it stays as long as the journal.
    while (this.#head < this.#seqs.length && this.#sizes[this.#head] === -1) this.#head += 1
    if (this.#head > 1024 && this.#head * 2 > this.#seqs.length) {
      this.#seqs = this.#seqs.slice(this.#head)
      this.#requests = this.#requests.slice(this.#head)
      this.#responses = this.#responses.slice(this.#head)
      this.#sizes = this.#sizes.slice(this.#head)
      this.#head = 0
    }
  }

  get(seq: number): Exchange | null {
    const slot = this.#slotOf(seq)
    return slot === -1 ? null : { request: this.#requests[slot]!, response: this.#responses[slot] ?? null }
  }

  /** Forgets the oldest exchanges until `characters` are freed, or none is left (the server's journal budget asks). */
  shed(characters: number): void {
    const target = this.#used - characters
    while (this.#used > target && this.#head < this.#seqs.length) this.#empty(this.#head++)
  }

  /** Forgets one exchange (its entry left the journal); a seq already gone is ignored. */
  delete(seq: number): void {
    const slot = this.#slotOf(seq)
    if (slot !== -1) this.#empty(slot)
  }

  /** The slot holding `seq`'s exchange, or -1. The journal drops its oldest: at the head, found first. */
  #slotOf(seq: number): number {
    const seqs = this.#seqs
    let low = this.#head
    let high = seqs.length - 1
    if (low <= high && seqs[low] === seq) return this.#sizes[low] === -1 ? -1 : low
    while (low <= high) {
      const middle = (low + high) >>> 1
      const at = seqs[middle]!
      if (at === seq) return this.#sizes[middle] === -1 ? -1 : middle
      if (at < seq) low = middle + 1
      else high = middle - 1
    }
    return -1
  }

  #empty(slot: number): void {
    const size = this.#sizes[slot]!
    if (size === -1) return
    this.#used -= size
    this.#held -= 1
    this.#sizes[slot] = -1
    this.#requests[slot] = null
    this.#responses[slot] = null
  }
}
