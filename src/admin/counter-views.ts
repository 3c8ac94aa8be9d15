/**
 * What the admin API shows of the fault and rule counters (`GET /__admin/faults`, `/rules`) and
 * of a request's near misses (`GET /__admin/journal/{seq}`): plain JSON, keys masked as the
 * journal masks them, each entry named by its index and its line in the scenario file.
 */
import { faultCounts, faultCounted, faultState, ordinal, ruleCounted, ruleCounts, ruleState, type Next } from '../domain/counting.js'
import { faultKindOf, type FaultKey } from '../domain/fault-kinds/index.js'
import type { Miss } from '../domain/trace.js'
import type { FieldPredicate, Scenario } from '../domain/types.js'
import type { World } from '../domain/world.js'
import { originOf } from '../scenario/scenario-origin.js'

interface Placed {
  /** `faults[index]` (`rules[index]`). */
  index: number
  /** Where it is written; null for a scenario given as a value. */
  line: number | null
  col: number | null
}

interface Counted {
  /** What its counter counts, in words: `creates, all keys counted`. */
  counts: string
  /** Requests (tasks) that met its conditions so far: what `nth` and `probability` count. */
  matched: number
  /** The match it fires on next and how many more until then; null: never again. */
  next: Next | null
  /** The same in words, with the reason when it never fires again. */
  note: string
}

export interface FaultCounterView extends Placed, Counted {
  action: FaultKey
  match: { endpoint: string | null; api_key: string | null; task_type: string | null; nth: number | null; times: number | null; probability: number | null }
  /** Requests it answered: what `times` counts. */
  fired: number
}

export interface RuleCounterView extends Placed, Counted {
  /** The timeline it sends a task to; null for `one_of`. */
  timeline: string | null
  /** The timelines of its `one_of` choices; null without. */
  one_of: string[] | null
  match: {
    task_type: string | null
    api_key: string | null
    mode: string | null
    mv: string | null
    input: Record<string, unknown> | null
    nth: number | null
    times: number | null
  }
  /** Tasks it sent to its timeline: what `times` counts. */
  taken: number
}

export interface NearMissView extends Placed {
  part: Miss['part']
  field: Miss['field']
  wanted: unknown
  got: unknown
  message: string
}

function placed(scenario: Scenario, part: 'faults' | 'rules', index: number): Placed {
  const at = originOf(scenario)?.[part][index]
  return { index, line: at?.line ?? null, col: at?.col ?? null }
}

/** A key as every admin view shows it: its label among the keys in play. */
const labeller = (world: Pick<World, 'keyLabel'>) => (apiKey: string) => world.keyLabel(apiKey)

export function faultCounters(world: World): { faults: FaultCounterView[] } {
  const { scenario } = world
  const label = labeller(world)
  const counters = world.counters().faults
  return {
    faults: scenario.faults.map((fault, index) => {
      const { match } = fault
      const matched = counters.matched[index] ?? 0
      const fired = counters.fired[index] ?? 0
      return {
        ...placed(scenario, 'faults', index),
        action: faultKindOf(fault.action).key,
        match: {
          endpoint: match.endpoint ?? null,
          api_key: match.api_key === undefined ? null : label(match.api_key),
          task_type: match.task_type ?? null,
          nth: match.nth ?? null,
          times: match.times ?? null,
          probability: match.probability ?? null,
        },
        counts: faultCounts(match, label),
        matched,
        fired,
        ...faultState(fault, index, matched, fired, scenario.seed, label),
      }
    }),
  }
}

function predicateView(predicate: FieldPredicate): unknown {
  return 'matches' in predicate ? { matches: predicate.matches.source } : predicate
}

export function ruleCounters(world: World): { rules: RuleCounterView[] } {
  const { scenario } = world
  const label = labeller(world)
  const counters = world.counters().rules
  return {
    rules: scenario.rules.map((rule, index) => {
      const { match } = rule
      const matched = counters.matched[index] ?? 0
      const taken = counters.taken[index] ?? 0
      const input = match.input === undefined ? null : Object.fromEntries(Object.entries(match.input).map(([field, test]) => [field, predicateView(test)]))
      return {
        ...placed(scenario, 'rules', index),
        timeline: rule.timeline?.name ?? null,
        one_of: rule.oneOf?.map((choice) => choice.timeline.name) ?? null,
        match: {
          task_type: match.task_type ?? null,
          api_key: match.api_key === undefined ? null : label(match.api_key),
          mode: match.mode ?? null,
          mv: match.mv ?? null,
          input,
          nth: match.nth ?? null,
          times: match.times ?? null,
        },
        counts: ruleCounts(match, label),
        matched,
        taken,
        ...ruleState(rule, matched, taken, label),
      }
    }),
  }
}

const shown = (value: unknown): string =>
  value === null || value === undefined ? 'none' : typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value)

/** The sentence of a near miss: what the entry wanted, what this request had. */
function sentence(scenario: Scenario, miss: Miss, at: Placed, wanted: unknown, got: unknown, label: (apiKey: string) => string): string {
  const name = `${miss.part}[${miss.index}]${at.line === null ? '' : ` (line ${at.line})`}`
  const what = miss.part === 'faults' ? 'request' : 'task'
  const counted = (nth: number): string =>
    miss.part === 'faults' ? faultCounted(scenario.faults[miss.index]!.match, nth, label) : ruleCounted(scenario.rules[miss.index]!.match, nth, label)
  switch (miss.field) {
    case 'nth':
      return `${name} ${miss.part === 'faults' ? 'fires on' : 'takes'} the ${counted(wanted as number)}; this was the ${ordinal(got as number)}`
    case 'times':
      return `${name} applies at most ${String(wanted)} times and already did ${String(got)}`
    case 'probability':
      return `${name} fires when its draw is under ${String(wanted)}; this ${what}'s draw was ${String(got)}`
    case 'first_match_wins':
      return `${name} would have applied, but ${miss.part}[${String(got)}] applied first (first match wins)`
    default: {
      const test = miss.field.startsWith('input.')
        ? `${miss.field} ${Object.entries(wanted as object).map(([key, value]) => `${key} ${shown(value)}`)[0] ?? ''}`
        : `${miss.field} ${shown(wanted)}`
      return `${name} wants ${test}; this ${what} had ${got === null ? 'none' : shown(got)}`
    }
  }
}

/** A journal entry's near misses as the admin API shows them: placed, keys as their labels, with a sentence each. */
export function nearMissViews(world: Pick<World, 'scenario' | 'keyLabel'>, misses: readonly Miss[]): NearMissView[] {
  const { scenario } = world
  const label = labeller(world)
  return misses.map((miss) => {
    const at = placed(scenario, miss.part, miss.index)
    const key = miss.field === 'api_key'
    const wanted = key ? world.keyLabel(miss.wanted as string) : miss.wanted
    const got = key ? world.keyLabel(miss.got as string | null) : miss.got
    return { part: miss.part, ...at, field: miss.field, wanted, got, message: sentence(scenario, miss, at, wanted, got, label) }
  })
}
