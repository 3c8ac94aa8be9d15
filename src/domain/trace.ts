/**
 * Why a request met a fault (and a new task a rule), or did not: what the faults and rules saw
 * of it, kept on its journal entry. A near miss is an entry that *almost* applied, with the one
 * field that differed (WireMock shows the same per-field diff for requests no stub matched):
 * one condition that did not hold while all others did, or all conditions held but `nth`,
 * `times`, `probability` or an earlier entry passed it by. Plain data, built while deciding.
 */

/** The field that differed: a condition, or what passed a matching entry by. */
export type MissField = 'api_key' | 'mode' | 'mv' | `input.${string}` | 'nth' | 'times' | 'probability' | 'first_match_wins'

export interface Miss {
  readonly part: 'faults' | 'rules'
  /** The entry's index in `faults` (`rules`). */
  readonly index: number
  readonly field: MissField
  /** What the entry asks: the condition as compiled (a key unmasked: views mask it). */
  readonly wanted: unknown
  /** What the request had: its value, which match it was (`nth`), the draw (`probability`), the index that fired first. */
  readonly got: unknown
}

/** Near misses listed per request at most (the first, in the scenario's order). */
export const MAX_MISSES = 5

/** Texts a near miss keeps of an input value at most. */
export const MAX_MISS_TEXT = 100

/** The entry that applied: its index, and which of its matches this request (task) was. */
export interface Fired {
  readonly index: number
  readonly nth: number
}

/** What the faults, and on a create the rules, made of one request. */
export interface Trace {
  readonly fault: Fired | null
  readonly rule: Fired | null
  readonly misses: readonly Miss[]
}

/** A value as a near miss keeps it: a long text cut, anything else as it is. */
export function kept(value: unknown): unknown {
  if (typeof value === 'string' && value.length > MAX_MISS_TEXT) return `${value.slice(0, MAX_MISS_TEXT)}…`
  if (typeof value === 'object' && value !== null) {
    const text = JSON.stringify(value)
    return text.length > MAX_MISS_TEXT ? `${text.slice(0, MAX_MISS_TEXT)}…` : value
  }
  return value ?? null
}

/** Adds `miss` to `misses` (made on the first one) unless the list is full. */
export function noted(misses: Miss[] | null, miss: Miss): Miss[] {
  const list = misses ?? []
  if (list.length < MAX_MISSES) list.push(miss)
  return list
}
