/**
 * The checks a schema cannot express: references between parts of the file and the shape of
 * timelines. They read the raw value defensively, so they run, and report, even when other
 * parts of the file are wrong; what the schema already reports they leave alone.
 */
import { ENDPOINTS } from '../domain/endpoint.js'
import { FAULT_KEYS, FAULT_KINDS } from '../domain/fault-kinds/index.js'
import { DEFAULT_VERSION, DEFAULT_VERSIONS } from './defaults.js'
import { flattenIssues, messageFor, type Issue } from './messages.js'
import { isFaultValue } from './schema-rules.js'
import { stepSchema } from './schema-steps.js'
import { ordinal } from '../domain/counting.js'
import { closest, quoteList, suggestion } from './suggest.js'

type Path = PropertyKey[]
type Mapping = Record<string, unknown>

const FINAL = ['success', 'failure', 'timeout']
const NON_FINAL = ['pending', 'running']
const STEP_KEYS = ['status', 'polls', 'for', 'progress']
/** Every key a step of any status may have. */
const ANY_STEP_KEYS = [...STEP_KEYS, 'output', 'error']
const PREDICATES = ['equals', 'contains', 'matches', 'exists']

const issue = (path: Path, message: string): Issue => ({ path, message, at: 'value' })
const quote = (text: string) => JSON.stringify(text)
/** `a, b and c` */
const andList = (words: readonly string[]) => (words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`)

function isMapping(value: unknown): value is Mapping {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function entriesOf(value: unknown): Array<[string, unknown]> {
  return isMapping(value) ? Object.entries(value) : []
}

function itemsOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : []
}

/** Every cross-reference and timeline-shape mistake in `raw`. */
export function checkScenario(raw: unknown): Issue[] {
  if (!isMapping(raw)) return []
  const names = [
    'default',
    ...entriesOf(raw.timelines)
      .map(([name]) => name)
      .filter((name) => name !== 'default'),
  ]
  return [
    ...checkDefaultVersion(raw.service),
    ...checkRealTime(raw.service, raw.clock),
    ...checkAccounts(raw.accounts),
    ...entriesOf(raw.timelines).flatMap(([name, steps]) => checkSteps(steps, ['timelines', name])),
    ...itemsOf(raw.rules).flatMap((rule, index) => checkRule(rule, ['rules', index], names)),
    ...itemsOf(raw.faults).flatMap((fault, index) => checkFault(fault, ['faults', index])),
  ]
}

function checkDefaultVersion(service: unknown): Issue[] {
  if (!isMapping(service)) return []
  const versions = service.versions ?? DEFAULT_VERSIONS
  const chosen = service.default_version ?? DEFAULT_VERSION
  if (!Array.isArray(versions) || versions.length === 0 || !versions.every((v) => typeof v === 'string')) return []
  if (typeof chosen !== 'string' || chosen === '' || versions.includes(chosen)) return []
  const listed = `versions (${quoteList(versions)})`
  const near = closest(chosen, versions)
  const message =
    service.default_version === undefined
      ? `default_version is not set and its default ${quote(chosen)} is not one of ${listed}; set default_version to one of them`
      : `default_version ${quote(chosen)} is not one of ${listed}${near === undefined ? '' : `; did you mean ${quote(near)}?`}`
  return [issue(['service', 'default_version'], message)]
}

/** `rate_limit.real_time` counts real minutes against an auto clock's speed: a manual clock has no real time to count. */
function checkRealTime(service: unknown, clock: unknown): Issue[] {
  const limit = isMapping(service) ? service.rate_limit : undefined
  if (!isMapping(limit) || limit.real_time !== true || (isMapping(clock) && clock.mode === 'auto')) return []
  const message =
    "real_time needs clock.mode: auto (it counts real minutes against the clock's speed); on a manual clock the window is the clock's minute, which moves only when told"
  return [issue(['service', 'rate_limit', 'real_time'], message)]
}

function checkAccounts(accounts: unknown): Issue[] {
  const firstIndex = new Map<string, number>()
  return itemsOf(accounts).flatMap((account, index) => {
    if (!isMapping(account) || typeof account.api_key !== 'string') return []
    const first = firstIndex.get(account.api_key)
    if (first === undefined) {
      firstIndex.set(account.api_key, index)
      return []
    }
    const message = `duplicate api_key ${quote(account.api_key)}; accounts.${first} already has it (each key must be unique)`
    return [issue(['accounts', index, 'api_key'], message)]
  })
}

/** Non-final steps say when they end; the last step, and only it, is final. */
function checkSteps(steps: unknown, path: Path): Issue[] {
  const last = itemsOf(steps).length - 1
  return itemsOf(steps).flatMap((step, index) => {
    if (isMapping(step) && step.status === undefined) return unknownStepKeys(step, [...path, index], index)
    if (!isMapping(step) || typeof step.status !== 'string') return []
    const { status } = step
    if (!FINAL.includes(status) && !NON_FINAL.includes(status)) return asIfKnown(step, status, [...path, index])
    if (FINAL.includes(status) && index < last) {
      const after = last - index === 1 ? 'the step after it' : `the ${last - index} steps after it`
      return [issue([...path, index, 'status'], `a ${status} step is final, so it must be the last step; ${after} would never run`)]
    }
    if (!NON_FINAL.includes(status)) return []
    const found: Issue[] = []
    const misspelt = Object.keys(step).some((key) => !STEP_KEYS.includes(key)) // the schema reports it; likely polls or for
    if (step.polls === undefined && step.for === undefined && !misspelt) {
      found.push(issue([...path, index], `a ${status} step needs polls, for, or both, to say when it ends`))
    }
    if (index === last) {
      const message = `the last step must be final (success, failure or timeout), got ${quote(status)}; the task would never finish`
      found.push(issue([...path, index, 'status'], message))
    }
    return found
  })
}

/**
 * The unknown keys of a step without `status` (the schema can only say that `status` is missing:
 * it picks a step's shape by its status), each named, with the key it most likely meant:
 * `unknown key "stauts" in the 1st step; did you mean "status"?` makes "missing status" redundant.
 */
function unknownStepKeys(step: Mapping, path: Path, index: number): Issue[] {
  return Object.keys(step)
    .filter((key) => !ANY_STEP_KEYS.includes(key))
    .map((key) => issue([...path, key], `unknown key ${quote(key)} in the ${ordinal(index + 1)} step${suggestion(key, ANY_STEP_KEYS, 'allowed keys:')}`))
    .map((found) => ({ ...found, at: 'key' as const }))
}

/**
 * The other mistakes of a step whose status is unknown (the schema reports the status alone):
 * the step is checked as the status it most likely meant, and all but the status is reported.
 */
function asIfKnown(step: Mapping, status: string, path: Path): Issue[] {
  const meant =
    closest(status, [...NON_FINAL, ...FINAL]) ??
    (step.error !== undefined ? 'failure' : step.output !== undefined ? 'success' : step.polls !== undefined || step.for !== undefined ? 'pending' : undefined)
  if (meant === undefined) return []
  const parsed = stepSchema.safeParse({ ...step, status: meant }, { error: messageFor })
  if (parsed.success) return []
  return flattenIssues(parsed.error.issues, path).filter((found) => found.path[path.length] !== 'status')
}

function checkTimelineRef(ref: unknown, path: Path, names: readonly string[]): Issue[] {
  if (Array.isArray(ref)) return checkSteps(ref, path)
  if (typeof ref !== 'string' || names.includes(ref)) return []
  return [issue(path, `unknown timeline ${quote(ref)}${suggestion(ref, names)}`)]
}

function checkRule(rule: unknown, path: Path, names: readonly string[]): Issue[] {
  if (!isMapping(rule)) return []
  const found: Issue[] = []
  const input = isMapping(rule.match) ? rule.match.input : undefined
  for (const [field, test] of entriesOf(input)) {
    if (isMapping(test)) found.push(...exactlyOne(test, PREDICATES, [...path, 'match', 'input', field], 'a field test'))
  }
  found.push(...exactlyOne(rule, ['timeline', 'one_of'], path, 'a rule'))
  found.push(...checkTimelineRef(rule.timeline, [...path, 'timeline'], names))
  itemsOf(rule.one_of).forEach((choice, index) => {
    if (isMapping(choice)) found.push(...checkTimelineRef(choice.timeline, [...path, 'one_of', index, 'timeline'], names))
  })
  return found
}

function checkFault(fault: unknown, path: Path): Issue[] {
  if (!isMapping(fault)) return []
  const found = exactlyOne(fault, FAULT_KEYS, path, 'a fault')
  const endpoint = isMapping(fault.match) ? fault.match.endpoint : undefined
  const known = ENDPOINTS.find((name) => name === endpoint)
  for (const { key, only } of FAULT_KINDS) {
    if (only === undefined || known === undefined || only.endpoints.includes(known) || !isFaultValue(key, fault[key])) continue
    const message = `${key} ${only.because}, so it applies to ${andList(only.endpoints)} only; a fault on ${known} with ${key} would never fire`
    found.push(issue([...path, key], message))
  }
  return found
}

/**
 * `value` has exactly one of `keys`; else one issue, at `path` when it has none, at the second
 * key it has when it has several: `a rule needs exactly one of "timeline", "one_of", got …`.
 */
function exactlyOne(value: Mapping, keys: readonly string[], path: Path, what: string): Issue[] {
  const given = keys.filter((key) => value[key] !== undefined)
  if (given.length === 1) return []
  const where = given[1] === undefined ? path : [...path, given[1]]
  return [issue(where, `${what} needs exactly one of ${quoteList(keys)}, got ${given.length === 0 ? 'none' : quoteList(given)}`)]
}
