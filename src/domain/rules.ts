/**
 * Rules pick a new task's timeline: first match wins, evaluated at create.
 * `nth` counts, per rule, every task that matches its conditions, whether or not an earlier
 * rule took it; `times` counts the tasks the rule took. `one_of` draws from the task's own seed.
 */
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

function factsMatch(match: RuleMatch, facts: TaskFacts): boolean {
  if (match.task_type !== undefined && match.task_type !== facts.type) return false
  if (match.api_key !== undefined && match.api_key !== facts.apiKey) return false
  if (match.mode !== undefined && match.mode !== facts.mode) return false
  if (match.mv !== undefined && match.mv !== facts.mv) return false
  for (const [field, predicate] of Object.entries(match.input ?? {})) {
    const present = Object.hasOwn(facts.input, field)
    if (!predicateHolds(predicate, present, present ? facts.input[field] : undefined)) return false
  }
  return true
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
): { timeline: Timeline; rule: number | null } {
  let chosen: { timeline: Timeline; rule: number } | null = null
  for (let index = 0; index < rules.length; index++) {
    const rule = rules[index]!
    if (!factsMatch(rule.match, facts)) continue
    counters.matched[index]! += 1 // counted even when an earlier rule took the task: nth means the nth match
    if (chosen !== null) continue
    if (rule.match.nth !== undefined && counters.matched[index] !== rule.match.nth) continue
    if (rule.match.times !== undefined && counters.taken[index]! >= rule.match.times) continue
    counters.taken[index]! += 1
    chosen = { timeline: rule.timeline ?? pickWeighted(rule, draw), rule: index }
  }
  return chosen ?? { timeline: fallback, rule: null }
}
