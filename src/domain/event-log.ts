/**
 * An account's credit events in four flat arrays, not one object each: a stored task costs two
 * events, and objects were a tenth of its heap (decision 029). Read back as `CreditEvent`s,
 * made when asked, each shaped as it was pushed (a top-up has no `task_id`).
 *
 * Kept in the order logged, which is what a store appends (`logged`); read in time order
 * (`get`, `slice`). The two differ only on a clock that ticks, where each task has its own time
 * (decision 062): a task polled less than its siblings ends at an instant of its own before
 * events already logged. Then a permutation in time order is made when the events are read,
 * and kept until the next push.
 */
import type { CreditEvent, CreditEventKind } from './ledger.js'

export class EventLog {
  readonly #kinds: CreditEventKind[] = []
  readonly #credits: number[] = []
  readonly #taskIds: (string | undefined)[] = []
  readonly #at: number[] = []
  /** Neighbours out of time order in the arrays: 0 when the order logged is the time order. */
  #disorder = 0
  /** Indices in time order (equal instants in the order logged), while `#disorder` > 0; null until asked. */
  #order: number[] | null = null
  #latest = -Infinity

  get length(): number {
    return this.#kinds.length
  }

  /** The instant of the latest event (-Infinity when there is none). */
  get latest(): number {
    return this.#latest
  }

  push(event: CreditEvent): void {
    const index = this.#kinds.length
    this.#kinds.push(event.kind)
    this.#credits.push(event.credits)
    this.#taskIds.push(event.task_id)
    this.#at.push(event.at)
    if (index > 0 && this.#at[index - 1]! > event.at) this.#disorder += 1
    this.#order = null
    if (event.at > this.#latest) this.#latest = event.at
  }

  #event(index: number): CreditEvent {
    const taskId = this.#taskIds[index]
    const kind = this.#kinds[index]!
    const credits = this.#credits[index]!
    const at = this.#at[index]!
    return taskId === undefined ? { kind, credits, at } : { kind, credits, task_id: taskId, at }
  }

  /** Where the `index`th event in time order is in the arrays. */
  #place(index: number): number {
    if (this.#disorder === 0) return index
    if (this.#order === null) {
      const at = this.#at
      this.#order = Array.from(at.keys()).sort((a, b) => at[a]! - at[b]! || a - b)
    }
    return this.#order[index]!
  }

  /** The `index`th event (0-based) in time order, as a new object. */
  get(index: number): CreditEvent {
    return this.#event(this.#place(index))
  }

  /** Events `from` (inclusive) to `to` (exclusive) in time order, as new objects. */
  slice(from = 0, to = this.length): CreditEvent[] {
    const end = Math.min(to, this.length)
    const out: CreditEvent[] = []
    for (let index = Math.max(0, from); index < end; index++) out.push(this.get(index))
    return out
  }

  /** Events `from` (inclusive) to `to` (exclusive) in the order logged: what a store appends. */
  logged(from = 0, to = this.length): CreditEvent[] {
    const end = Math.min(to, this.length)
    const out: CreditEvent[] = []
    for (let index = Math.max(0, from); index < end; index++) out.push(this.#event(index))
    return out
  }

  /** Credits of the first top-up logged (the opening), if there is one. */
  firstTopUp(): number | undefined {
    const index = this.#kinds.indexOf('top_up')
    return index === -1 ? undefined : this.#credits[index]
  }

  /** Puts the events logged from `from` on in time order, keeping the order of those at the same instant. */
  sortFrom(from: number): void {
    if (this.length - from < 2) return
    const start = Math.max(1, from)
    let unordered = 0
    for (let index = start; index < this.length; index++) if (this.#at[index - 1]! > this.#at[index]!) unordered += 1
    if (unordered === 0) return // the usual case: no copy
    const tail = this.logged(from).sort((a, b) => a.at - b.at)
    for (const [offset, event] of tail.entries()) {
      const index = from + offset
      this.#kinds[index] = event.kind
      this.#credits[index] = event.credits
      this.#taskIds[index] = event.task_id
      this.#at[index] = event.at
    }
    let after = 0
    for (let index = start; index < this.length; index++) if (this.#at[index - 1]! > this.#at[index]!) after += 1
    this.#disorder += after - unordered
    this.#order = null
  }
}
