/**
 * An account's credit events in four flat arrays, not one object each: a stored task costs two
 * events, and objects were a tenth of its heap (decision 029). Read back as `CreditEvent`s,
 * made when asked, each shaped as it was pushed (a top-up has no `task_id`).
 */
import type { CreditEvent, CreditEventKind } from './ledger.js'

export class EventLog {
  readonly #kinds: CreditEventKind[] = []
  readonly #credits: number[] = []
  readonly #taskIds: (string | undefined)[] = []
  readonly #at: number[] = []

  get length(): number {
    return this.#kinds.length
  }

  push(event: CreditEvent): void {
    this.#kinds.push(event.kind)
    this.#credits.push(event.credits)
    this.#taskIds.push(event.task_id)
    this.#at.push(event.at)
  }

  /** The event at `index` (0-based), as a new object. */
  get(index: number): CreditEvent {
    const taskId = this.#taskIds[index]
    const kind = this.#kinds[index]!
    const credits = this.#credits[index]!
    const at = this.#at[index]!
    return taskId === undefined ? { kind, credits, at } : { kind, credits, task_id: taskId, at }
  }

  /** Events `from` (inclusive) to `to` (exclusive), as new objects. */
  slice(from = 0, to = this.length): CreditEvent[] {
    const end = Math.min(to, this.length)
    const out: CreditEvent[] = []
    for (let index = Math.max(0, from); index < end; index++) out.push(this.get(index))
    return out
  }

  /** Credits of the first top-up, if there is one. */
  firstTopUp(): number | undefined {
    const index = this.#kinds.indexOf('top_up')
    return index === -1 ? undefined : this.#credits[index]
  }

  /** Puts the events from `from` on in time order, keeping the order of those at the same instant. */
  sortFrom(from: number): void {
    if (this.length - from < 2) return
    let ordered = true
    for (let index = from + 1; index < this.length && ordered; index++) ordered = this.#at[index - 1]! <= this.#at[index]!
    if (ordered) return // the usual case: no copy
    const tail = this.slice(from).sort((a, b) => a.at - b.at)
    for (const [offset, event] of tail.entries()) {
      const index = from + offset
      this.#kinds[index] = event.kind
      this.#credits[index] = event.credits
      this.#taskIds[index] = event.task_id
      this.#at[index] = event.at
    }
  }
}
