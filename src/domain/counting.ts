/**
 * Fault and rule counters in words, and where they go next: what each counter counts ("creates,
 * all keys counted"), how a request was counted ("3rd create, all keys counted"), and the match
 * each entry fires on next. `nth` and `probability` count every request (task) that meets an
 * entry's other conditions, whichever key sent it (decision 006): a fault written without
 * `api_key` counts every key's requests, and these texts say so. Pure.
 */
import { faultDraw } from './faults.js'
import { maskKey } from './mask.js'
import type { Fault, FaultMatch, FieldPredicate, Rule, RuleMatch } from './types.js'

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st… */
export function ordinal(n: number): string {
  const tens = n % 100
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')
  return `${n}${suffix}`
}

/** The request a fault counts, singular and plural: `create`, `get_task request`, `request` (any endpoint). */
function requestNoun(match: FaultMatch): [string, string] {
  const endpoint = match.endpoint ?? 'any'
  const base = endpoint === 'any' ? 'request' : endpoint === 'create' ? 'create' : `${endpoint} request`
  const typed = match.task_type === undefined ? base : `${match.task_type} ${base}`
  return [typed, `${typed}s`]
}

/** How a key is shown: its label among the keys in play (World.keyLabel), masked by default. */
export type KeyLabel = (apiKey: string) => string

/** `, all keys counted` or ` of demo…key`. */
const whose = (apiKey: string | undefined, label: KeyLabel): string => (apiKey === undefined ? ', all keys counted' : ` of ${label(apiKey)}`)

/** What a fault's counter counts: `creates, all keys counted`, `music get_task requests of demo…key`. */
export function faultCounts(match: FaultMatch, label: KeyLabel = maskKey): string {
  return `${requestNoun(match)[1]}${whose(match.api_key, label)}`
}

/** How a request was counted by a fault: `3rd create, all keys counted`. */
export function faultCounted(match: FaultMatch, nth: number, label: KeyLabel = maskKey): string {
  return `${ordinal(nth)} ${requestNoun(match)[0]}${whose(match.api_key, label)}`
}

function testShown(field: string, predicate: FieldPredicate): string {
  if ('exists' in predicate) return predicate.exists ? `with ${field}` : `without ${field}`
  if ('equals' in predicate) return `whose ${field} equals ${JSON.stringify(predicate.equals)}`
  if ('contains' in predicate) return `whose ${field} contains ${JSON.stringify(predicate.contains)}`
  return `whose ${field} matches /${predicate.matches.source}/`
}

/** The tasks a rule counts, singular and plural: `music task (custom mode) whose prompt contains "x"`. */
function taskNoun(match: RuleMatch): [string, string] {
  const kind = [match.task_type, match.mode === undefined ? undefined : `${match.mode}-mode`, match.mv].filter((part) => part !== undefined).join(' ')
  const tests = Object.entries(match.input ?? {}).map(([field, predicate]) => testShown(field, predicate))
  const tail = tests.length === 0 ? '' : ` ${tests.join(', ')}`
  const head = kind === '' ? 'task' : `${kind} task`
  return [`${head}${tail}`, `${head}s${tail}`]
}

/** What a rule's counter counts: `music tasks whose gpt_description_prompt contains "fail", all keys counted`. */
export function ruleCounts(match: RuleMatch, label: KeyLabel = maskKey): string {
  return `${taskNoun(match)[1]}${whose(match.api_key, label)}`
}

/** How a task was counted by a rule: `2nd music task, all keys counted`. */
export function ruleCounted(match: RuleMatch, nth: number, label: KeyLabel = maskKey): string {
  return `${ordinal(nth)} ${taskNoun(match)[0]}${whose(match.api_key, label)}`
}

/** The match an entry fires on next, and how many more matching requests until then. */
export interface Next {
  match: number
  in: number
}

export interface CounterState {
  /** Null: it never fires again. */
  next: Next | null
  /** The same in words, with the reason when it never fires again. */
  note: string
}

/** Matches ahead searched for a draw under a fault's probability. */
export const DRAWS_AHEAD = 10_000

const upcoming = (match: number, matched: number): Next => ({ match, in: match - matched })

function nextNote(next: Next, counted: string): string {
  return `fires on the ${counted}: ${next.in} more to go`
}

/** Where a fault stands: the match it fires on next (nth, times and its seeded probability draws), or why never. */
export function faultState(fault: Fault, index: number, matched: number, fired: number, seed: number, label: KeyLabel = maskKey): CounterState {
  const { match } = fault
  if (match.times !== undefined && fired >= match.times) return { next: null, note: `times ${match.times} used up: it never fires again` }
  if (match.probability === 0) return { next: null, note: 'probability 0: it never fires' }
  const fires = (nth: number): boolean => match.probability === undefined || faultDraw(seed, index, nth) < match.probability
  if (match.nth !== undefined) {
    if (matched >= match.nth) return { next: null, note: `nth ${match.nth} passed (${matched} matched): it never fires again` }
    if (!fires(match.nth))
      return { next: null, note: `the draw on its ${ordinal(match.nth)} match is not under probability ${match.probability}: it never fires` }
    const next = upcoming(match.nth, matched)
    return { next, note: nextNote(next, faultCounted(match, match.nth, label)) }
  }
  for (let nth = matched + 1; nth <= matched + DRAWS_AHEAD; nth++) {
    if (!fires(nth)) continue
    const next = upcoming(nth, matched)
    return { next, note: nextNote(next, faultCounted(match, nth, label)) }
  }
  return { next: null, note: `no draw under probability ${match.probability} in the next ${DRAWS_AHEAD} matches` }
}

/** Where a rule stands: the task it takes next (nth, times), or why never. */
export function ruleState(rule: Rule, matched: number, taken: number, label: KeyLabel = maskKey): CounterState {
  const { match } = rule
  if (match.times !== undefined && taken >= match.times) return { next: null, note: `times ${match.times} used up: it never takes a task again` }
  const nth = match.nth ?? matched + 1
  if (match.nth !== undefined && matched >= match.nth) return { next: null, note: `nth ${match.nth} passed (${matched} matched): it never takes a task again` }
  const next = upcoming(nth, matched)
  return { next, note: `takes the ${ruleCounted(match, nth, label)}: ${next.in} more to go` }
}
