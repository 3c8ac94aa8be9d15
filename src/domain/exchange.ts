/**
 * What the journal keeps of each request beyond its summary, as a browser's devtools would show
 * it: the request's and the response's headers and bodies, and why the answer was what it was.
 *
 * Memory bound: each body is cut at BODY_CAP characters (and marked `truncated`); the exchanges
 * together hold at most DETAIL_BUDGET characters of headers and bodies, the oldest ones going
 * first (their journal entries stay, with `exchange: null`). With the journal's default 10,000
 * entries that is at most ~8 M characters (~8–16 MB) whatever the traffic.
 */

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
  | { kind: 'state' }
  /** A scenario fault: its index in `faults` and where it is in the scenario file (null without text). */
  | { kind: 'fault'; index: number; action: 'respond' | 'delay' | 'drop' | 'stale'; line: number | null; col: number | null }

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

/** A message with its body capped. */
export function message(headers: Readonly<Record<string, string>>, body: string | null): Message {
  if (body === null || body.length <= BODY_CAP) return { headers, body, truncated: null }
  return { headers, body: body.slice(0, BODY_CAP), truncated: body.length }
}

function sizeOf(message: Message | null): number {
  if (message === null) return 0
  let size = message.body?.length ?? 0
  const { headers } = message
  for (const name in headers) size += name.length + headers[name]!.length // no entry arrays: this runs on every request
  return size
}

/**
 * Exchanges by journal sequence number, oldest dropped first past `budget` characters. Eviction
 * walks a queue of sequence numbers in arrival order (a head index, compacted now and then), not
 * the map: a map walked from its start would step over every entry deleted before.
 */
export class ExchangeStore {
  readonly #items = new Map<number, { exchange: Exchange; size: number }>()
  #order: number[] = []
  #head = 0
  #used = 0

  constructor(readonly budget = DETAIL_BUDGET) {}

  get used(): number {
    return this.#used
  }

  /** Exchanges held, and sequence numbers queued for eviction (never more than a few over the journal's size). */
  get counts(): { held: number; queued: number } {
    return { held: this.#items.size, queued: this.#order.length - this.#head }
  }

  put(seq: number, exchange: Exchange): void {
    const size = sizeOf(exchange.request) + sizeOf(exchange.response)
    this.#items.set(seq, { exchange, size })
    this.#order.push(seq)
    this.#used += size
    while (this.#used > this.budget && this.#head < this.#order.length) this.delete(this.#order[this.#head++]!)
    // Those the journal already dropped (its oldest) leave the queue too: it stays as long as the journal.
    while (this.#head < this.#order.length && !this.#items.has(this.#order[this.#head]!)) this.#head += 1
    if (this.#head > 1024 && this.#head * 2 > this.#order.length) {
      this.#order = this.#order.slice(this.#head)
      this.#head = 0
    }
  }

  get(seq: number): Exchange | null {
    return this.#items.get(seq)?.exchange ?? null
  }

  /** Forgets one exchange (its entry left the journal); a seq already gone is ignored. */
  delete(seq: number): void {
    const item = this.#items.get(seq)
    if (item === undefined) return
    this.#items.delete(seq)
    this.#used -= item.size
  }
}
