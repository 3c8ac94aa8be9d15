/**
 * The instants at which unfinished tasks next move by clock time alone, as a binary min-heap:
 * what lets a look at an account (usage, the admin views) take only the tasks that are due,
 * at a cost that follows what is due and not how many tasks wait (decision 029).
 *
 * Entries are never updated in place: a task whose instant changes is pushed again, and the
 * owner tells stale entries from live ones when they come out (`takeDue`'s `live`).
 */
export class DueQueue<T> {
  /** Instants, in heap order; `#items[i]` is due at `#at[i]`. Two flat arrays: no object per entry. */
  #at: number[] = []
  #items: T[] = []

  get size(): number {
    return this.#at.length
  }

  /** The earliest instant queued, or Infinity when empty. */
  get earliest(): number {
    return this.#at.length === 0 ? Infinity : this.#at[0]!
  }

  push(at: number, item: T): void {
    const heapAt = this.#at
    const items = this.#items
    let index = heapAt.length
    heapAt.push(at)
    items.push(item)
    while (index > 0) {
      const parent = (index - 1) >> 1
      if (heapAt[parent]! <= at) break
      heapAt[index] = heapAt[parent]!
      items[index] = items[parent]!
      index = parent
    }
    heapAt[index] = at
    items[index] = item
  }

  /** Removes and returns every entry due at or before `now` for which `live(item, at)` holds, earliest first. */
  takeDue(now: number, live: (item: T, at: number) => boolean): T[] {
    const taken: T[] = []
    while (this.#at.length > 0 && this.#at[0]! <= now) {
      const at = this.#at[0]!
      const item = this.#pop()
      if (live(item, at)) taken.push(item)
    }
    return taken
  }

  /** Drops every entry and queues `entries` instead (used to shed stale entries). */
  rebuild(entries: Iterable<[T, number]>): void {
    this.#at = []
    this.#items = []
    for (const [item, at] of entries) this.push(at, item)
  }

  #pop(): T {
    const heapAt = this.#at
    const items = this.#items
    const top = items[0]!
    const lastAt = heapAt.pop()!
    const lastItem = items.pop()!
    const size = heapAt.length
    if (size === 0) return top
    let index = 0
    for (;;) {
      const left = 2 * index + 1
      if (left >= size) break
      const right = left + 1
      const child = right < size && heapAt[right]! < heapAt[left]! ? right : left
      if (heapAt[child]! >= lastAt) break
      heapAt[index] = heapAt[child]!
      items[index] = items[child]!
      index = child
    }
    heapAt[index] = lastAt
    items[index] = lastItem
    return top
  }
}
