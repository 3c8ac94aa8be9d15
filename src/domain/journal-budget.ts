/**
 * One bound on the journals of a whole server (issue 40): each world's journal keeps at most its
 * capacity of entries and DETAIL_BUDGET characters of headers and bodies, and all the journals
 * together at most `entries` entries and `characters` characters, whatever the number of worlds.
 * Past either, the journal holding the most of it gives up its oldest (entries, or the headers and
 * bodies of entries, which stay): a client flooding its own world wears down its own history
 * first, not the quiet worlds'. Journals join when made and leave when their world goes
 * (`release`); a world that is reset or removed stops counting.
 */

export interface JournalBudgetLimits {
  /** Journal entries held by all the journals together. */
  entries: number
  /** Characters of headers and bodies held by all the journals together. */
  characters: number
}

/**
 * The server's default: 200,000 entries and 32 M characters, about 100 MiB of heap as measured
 * with 1,000 worlds at the bound (bench/RESULTS.md, "Worlds as a trust boundary"); one world alone
 * keeps up to its own 10,000 entries and 8 M characters (about 12 MiB).
 */
export const DEFAULT_JOURNAL_BUDGET: Readonly<JournalBudgetLimits> = { entries: 200_000, characters: 32_000_000 }

/** What the budget asks of a journal. */
export interface BudgetMember {
  /** Entries it holds. */
  readonly size: number
  /** Characters of headers and bodies it holds. */
  readonly detailCharacters: number
  /** Drops its `count` oldest entries (and their headers and bodies). */
  shedEntries(count: number): void
  /** Drops the headers and bodies of its oldest entries until `characters` are freed (or none are left). */
  shedDetail(characters: number): void
}

function checked(name: keyof JournalBudgetLimits, value: number): number {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`journal budget: ${name} must be a positive whole number, got ${String(value)}`)
  return value
}

export class JournalBudget {
  readonly limits: Readonly<JournalBudgetLimits>
  readonly #members = new Set<BudgetMember>()
  #entries = 0
  #characters = 0
  #balancing = false

  constructor(limits: Partial<JournalBudgetLimits> = {}) {
    this.limits = {
      entries: checked('entries', limits.entries ?? DEFAULT_JOURNAL_BUDGET.entries),
      characters: checked('characters', limits.characters ?? DEFAULT_JOURNAL_BUDGET.characters),
    }
  }

  /** Entries and characters held by every journal now. */
  get held(): { entries: number; characters: number; journals: number } {
    return { entries: this.#entries, characters: this.#characters, journals: this.#members.size }
  }

  join(member: BudgetMember): void {
    if (this.#members.has(member)) return
    this.#members.add(member)
    this.change(member.size, member.detailCharacters)
  }

  /** The member stops counting (its world was reset or went). */
  leave(member: BudgetMember): void {
    if (!this.#members.delete(member)) return
    this.#entries -= member.size
    this.#characters -= member.detailCharacters
  }

  /** A member's holdings changed by these amounts; past a limit, the largest holders shed their oldest. */
  change(entries: number, characters: number): void {
    this.#entries += entries
    this.#characters += characters
    if (this.#balancing || (this.#entries <= this.limits.entries && this.#characters <= this.limits.characters)) return
    this.#balancing = true
    try {
      this.#balance()
    } finally {
      this.#balancing = false
    }
  }

  /**
   * Sheds from the largest holder until under both limits. A batch at a time (what is over, plus
   * 1/256 of the limit): the search for the largest runs once a batch, not once a request.
   */
  #balance(): void {
    const { limits } = this
    while (this.#entries > limits.entries) {
      const largest = this.#largest((member) => member.size)
      if (largest === null) break
      const before = this.#entries
      largest.shedEntries(Math.min(largest.size, this.#entries - limits.entries + Math.ceil(limits.entries / 256)))
      if (this.#entries === before) break
    }
    while (this.#characters > limits.characters) {
      const largest = this.#largest((member) => member.detailCharacters)
      if (largest === null) break
      const before = this.#characters
      largest.shedDetail(this.#characters - limits.characters + Math.ceil(limits.characters / 256))
      if (this.#characters === before) break
    }
  }

  #largest(measure: (member: BudgetMember) => number): BudgetMember | null {
    let found: BudgetMember | null = null
    let most = 0
    for (const member of this.#members) {
      const amount = measure(member)
      if (amount > most) {
        most = amount
        found = member
      }
    }
    return found
  }
}
