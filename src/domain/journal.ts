/**
 * The request journal: what clients sent to the public API and the asset routes, and what they
 * got, in a bounded ring buffer (the oldest entries are dropped and counted). The client report
 * (report.ts) is computed from it. Times come from injected sources, so the domain stays pure.
 *
 * `pace` is the client's own sense of elapsed time: real time plus every explicit move of the
 * fake's clock (a test whose sleep advances the manual clock is judged by the pace it keeps).
 */
import { ExchangeStore, type Cause, type Exchange } from './exchange.js'
import type { BudgetMember, JournalBudget } from './journal-budget.js'
import type { Trace } from './trace.js'
import type { Endpoint, FaultAction, TaskStatus, TaskType } from './types.js'

export const DEFAULT_JOURNAL_CAPACITY = 10_000

export interface JournalEntry {
  /** 1-based, in order of arrival, never reused (also not after a key's entries are removed). */
  readonly seq: number
  /** The fake's clock. */
  readonly at: number
  /** Real time. */
  readonly wall: number
  /** Real time plus explicit clock moves: what rules about the client's pace compare. */
  readonly pace: number
  readonly method: string
  readonly path: string
  readonly endpoint: Endpoint
  /** The x-api-key sent, null when none. Stored as sent; masked whenever shown. */
  readonly apiKey: string | null
  /** The task read, or created (202). */
  readonly taskId: string | null
  readonly taskType: TaskType | null
  /** HTTP status; null for a connection the fake dropped. */
  readonly status: number | null
  /** Status of the task the response showed (get_task 200). */
  readonly taskStatus: TaskStatus | null
  /** The response's Retry-After, in ms. */
  readonly retryAfterMs: number | null
  /** Delay a fault added before the answer. */
  readonly delayMs: number
  /** Create: a hash of the body, to spot the same create sent twice. */
  readonly fingerprint: number | null
  /** Create: the account's balance before the request (null for an unknown key). */
  readonly credits: { readonly available: number; readonly toppedUp: number } | null
  /**
   * The scenario's faults and this request: null when it never reached them (refused before: 401,
   * the rate limit, a create body that is not JSON), `'none'` when no fault fired, else the action
   * that fired. The export (src/record) replays faults at the same positions from it.
   */
  readonly fault: FaultAction | 'none' | null
  /** Why the answer was what it was (exchange.ts); null for a normal answer. */
  readonly cause: Cause | null
  /** The fault (and on a create the rule) that applied, with the near misses (trace.ts); null when nothing applied or almost did. */
  readonly trace: Trace | null
}

export type JournalRecord = Omit<JournalEntry, 'seq' | 'at' | 'wall' | 'pace' | 'fault' | 'cause' | 'trace'> & {
  fault?: JournalEntry['fault']
  cause?: Cause | null
  trace?: Trace | null
  /** Headers and bodies, kept within the exchanges' memory bound. */
  exchange?: Exchange
}

export interface JournalOptions {
  capacity?: number
  /** The fake's clock. */
  now: () => number
  /** Characters of headers and bodies kept (exchange.ts); default DETAIL_BUDGET. */
  detailBudget?: number
  /** Real time; default `now` (pure tests). */
  wall?: () => number
  /** Explicit moves of the fake's clock so far, in ms: `pace` is `wall` plus these. Default none. */
  jumps?: () => number
  /** The bound shared by every journal of a server (journal-budget.ts); none: this journal's own bounds only. */
  budget?: JournalBudget
}

export class Journal implements BudgetMember {
  readonly capacity: number
  readonly #now: () => number
  readonly #wall: () => number
  readonly #jumps: () => number
  #items: (JournalEntry | undefined)[]
  readonly #exchanges: ExchangeStore
  #start = 0
  #size = 0
  #seq = 0
  #dropped = 0
  #budget: JournalBudget | null

  constructor(options: JournalOptions) {
    const capacity = options.capacity ?? DEFAULT_JOURNAL_CAPACITY
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`journal capacity must be a positive integer, got ${capacity}`)
    this.capacity = capacity
    this.#now = options.now
    this.#wall = options.wall ?? options.now
    this.#jumps = options.jumps ?? (() => 0)
    // Grown as entries come (a write below capacity appends): a world that is never asked
    // anything holds no 10,000-slot ring (80 KiB each, most of an empty world's memory).
    this.#items = []
    this.#exchanges = new ExchangeStore(options.detailBudget)
    this.#budget = options.budget ?? null
    this.#budget?.join(this)
  }

  /** Characters of headers and bodies held (the shared budget counts them). */
  get detailCharacters(): number {
    return this.#exchanges.used
  }

  /** Stops counting in the shared budget: the world was reset or went. Idempotent. */
  release(): void {
    this.#budget?.leave(this)
    this.#budget = null
  }

  /** Drops the `count` oldest entries, counted as dropped (the shared budget asks, journal-budget.ts). */
  shedEntries(count: number): void {
    const before = this.#exchanges.used
    const shed = Math.min(count, this.#size)
    for (let index = 0; index < shed; index++) {
      this.#exchanges.delete(this.#items[this.#start]!.seq)
      this.#items[this.#start] = undefined
      this.#start = (this.#start + 1) % this.capacity
    }
    this.#size -= shed
    this.#dropped += shed
    this.#budget?.change(-shed, this.#exchanges.used - before)
  }

  /** Drops the headers and bodies of the oldest entries until `characters` are freed; the entries stay. */
  shedDetail(characters: number): void {
    const before = this.#exchanges.used
    this.#exchanges.shed(characters)
    this.#budget?.change(0, this.#exchanges.used - before)
  }

  /** How many exchanges are held and queued (exchange.ts): what the memory bound's tests read. */
  get exchangeCounts(): { held: number; queued: number } {
    return this.#exchanges.counts
  }

  /** The headers and bodies of entry `seq`, or null when they were not kept or have gone (memory bound). */
  exchange(seq: number): Exchange | null {
    return this.#exchanges.get(seq)
  }

  /** Entries recorded since the start, dropped ones included. */
  get recorded(): number {
    return this.#seq
  }

  /** Entries dropped because the journal was full. */
  get dropped(): number {
    return this.#dropped
  }

  get size(): number {
    return this.#size
  }

  record(fields: JournalRecord): JournalEntry {
    const wall = this.#wall()
    // Every field written out, in one order: one hidden class for all entries (a spread is several times slower).
    const entry: JournalEntry = {
      seq: ++this.#seq,
      at: this.#now(),
      wall,
      pace: wall + this.#jumps(),
      method: fields.method,
      path: fields.path,
      endpoint: fields.endpoint,
      apiKey: fields.apiKey,
      taskId: fields.taskId,
      taskType: fields.taskType,
      status: fields.status,
      taskStatus: fields.taskStatus,
      retryAfterMs: fields.retryAfterMs,
      delayMs: fields.delayMs,
      fingerprint: fields.fingerprint,
      credits: fields.credits,
      fault: fields.fault ?? null,
      cause: fields.cause ?? null,
      trace: fields.trace ?? null,
    }
    const used = this.#exchanges.used
    const size = this.#size
    if (this.#size === this.capacity) {
      this.#exchanges.delete(this.#items[this.#start]!.seq)
      this.#items[this.#start] = entry
      this.#start = (this.#start + 1) % this.capacity
      this.#dropped += 1
    } else {
      this.#items[(this.#start + this.#size) % this.capacity] = entry
      this.#size += 1
    }
    // After the ring dropped its oldest: the exchanges' queue never holds more than the journal.
    if (fields.exchange !== undefined) this.#exchanges.put(entry.seq, fields.exchange)
    this.#budget?.change(this.#size - size, this.#exchanges.used - used)
    return entry
  }

  /** Oldest first. */
  entries(): JournalEntry[] {
    const out: JournalEntry[] = new Array(this.#size)
    for (let i = 0; i < this.#size; i++) out[i] = this.#items[(this.#start + i) % this.capacity]!
    return out
  }

  /** Forgets one key's entries (a per-key reset); the dropped count stays. */
  removeKey(apiKey: string): void {
    const used = this.#exchanges.used
    const size = this.#size
    const kept = this.entries().filter((entry) => entry.apiKey !== apiKey)
    for (const entry of this.entries()) if (entry.apiKey === apiKey) this.#exchanges.delete(entry.seq)
    this.#items = kept
    this.#start = 0
    this.#size = kept.length
    this.#budget?.change(this.#size - size, this.#exchanges.used - used)
  }
}
