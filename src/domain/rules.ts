/**
 * Rules pick a new task's timeline: first match wins, evaluated at create.
 * `nth` counts, per rule, every task that matches its conditions, whether or not an earlier
 * rule took it; `times` counts the tasks the rule took. `one_of` draws from the task's own seed.
 */
import { kept, noted, type Fired, type Miss, type MissField } from './trace.js'
import type { FieldPredicate, TaskMode, Rule, RuleMatch, TaskType, Timeline } from './types.js'

export interface TaskFacts {
  type: TaskType
  apiKey: string
  mode: TaskMode | null
  /** The effective model version (the default applied), or null for non-music tasks. */
  mv: string | null
  input: Readonly<Record<string, unknown>>
}

/** Per rule: tasks that matched it so far, and tasks that took it. Part of the world's state. */
export interface RuleCounters {
  matched: number[]
  taken: number[]
}

export function newRuleCounters(rules: readonly Rule[]): RuleCounters {
  return { matched: rules.map(() => 0), taken: rules.map(() => 0) }
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

export function predicateHolds(predicate: FieldPredicate, present: boolean, value: unknown): boolean {
  if ('exists' in predicate) return present === predicate.exists
  if (!present) return false
  if ('equals' in predicate) return sameJson(value, predicate.equals)
  if ('contains' in predicate) return typeof value === 'string' && value.includes(predicate.contains)
  return typeof value === 'string' && predicate.matches.test(value)
}

const OTHER_TYPE = { field: 'mode', wanted: null, got: null } as const

/**
 * The conditions of `match` that `facts` do not meet, as near-miss fields with what was wanted
 * and what the task had; stops after two. A rule for another task type is no near miss: it
 * counts as two.
 */
function differences(match: RuleMatch, facts: TaskFacts): Array<{ field: MissField; wanted: unknown; got: unknown }> {
  const found: Array<{ field: MissField; wanted: unknown; got: unknown }> = []
  const differ = (field: MissField, wanted: unknown, got: unknown): boolean => found.push({ field, wanted, got }) > 1
  if (match.task_type !== undefined && match.task_type !== facts.type) return [OTHER_TYPE, OTHER_TYPE]
  if (match.api_key !== undefined && match.api_key !== facts.apiKey && differ('api_key', match.api_key, facts.apiKey)) return found
  if (match.mode !== undefined && match.mode !== facts.mode && differ('mode', match.mode, facts.mode)) return found
  if (match.mv !== undefined && match.mv !== facts.mv && differ('mv', match.mv, facts.mv)) return found
  for (const [field, predicate] of Object.entries(match.input ?? {})) {
    const present = Object.hasOwn(facts.input, field)
    const value = present ? facts.input[field] : undefined
    if (!predicateHolds(predicate, present, value) && differ(`input.${field}`, predicateShown(predicate), present ? kept(value) : null)) return found
  }
  return found
}

/** A field test as a near miss shows it (a pattern by its source). */
function predicateShown(predicate: FieldPredicate): unknown {
  return 'matches' in predicate ? { matches: predicate.matches.source } : predicate
}

function pickWeighted(rule: Rule, draw: number): Timeline {
  const choices = rule.oneOf!
  const total = choices.reduce((sum, choice) => sum + choice.weight, 0)
  let point = draw * total
  for (const choice of choices) {
    point -= choice.weight
    if (point < 0) return choice.timeline
  }
  return choices[choices.length - 1]!.timeline
}

/**
 * The timeline for a new task, updating the rule counters. `draw` is a number in [0, 1)
 * from the task's seed, used by `one_of`. Falls back to `fallback` when no rule takes the task.
 */
export function chooseTimeline(
  rules: readonly Rule[],
  counters: RuleCounters,
  facts: TaskFacts,
  draw: number,
  fallback: Timeline,
): { timeline: Timeline; rule: number | null; fired: Fired | null; misses: Miss[] | null } {
  let chosen: { timeline: Timeline; rule: number } | null = null
  let fired: Fired | null = null
  let misses: Miss[] | null = null
  for (let index = 0; index < rules.length; index++) {
    const rule = rules[index]!
    const { match } = rule
    const off = differences(match, facts)
    if (off.length > 0) {
      // One condition off, the others held: a near miss. Not counted.
      if (off.length === 1) misses = noted(misses, { part: 'rules', index, ...off[0]! })
      continue
    }
    const seen = (counters.matched[index]! += 1) // counted even when an earlier rule took the task: nth means the nth match
    if (match.nth !== undefined && seen !== match.nth) {
      misses = noted(misses, { part: 'rules', index, field: 'nth', wanted: match.nth, got: seen })
      continue
    }
    if (match.times !== undefined && counters.taken[index]! >= match.times) {
      misses = noted(misses, { part: 'rules', index, field: 'times', wanted: match.times, got: counters.taken[index]! })
      continue
    }
    if (chosen !== null) {
      misses = noted(misses, { part: 'rules', index, field: 'first_match_wins', wanted: null, got: chosen.rule })
      continue
    }
    counters.taken[index]! += 1
    chosen = { timeline: rule.timeline ?? pickWeighted(rule, draw), rule: index }
    fired = { index, nth: seen }
  }
  return chosen === null ? { timeline: fallback, rule: null, fired, misses } : { ...chosen, fired, misses }
}
