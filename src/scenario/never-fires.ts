/**
 * Warnings for what a valid scenario says but can never happen: a rule or fault on a key no
 * account has, a rule on an input field its task type does not have, a timeline no rule uses, a
 * rule or fault that an earlier one always takes first, and those of never-reached.ts. `check` prints them; `--strict` fails on
 * them. They read the validated file, so every value has its schema's shape.
 */
import * as z from '../zod.js'
import { FAULT_KINDS } from '../domain/fault-kinds/index.js'
import { inputKit } from '../domain/task-types/input-kit.js'
import { TASK_TYPE_LIST, type TaskTypeDefinition } from '../domain/task-types/index.js'
import { DEFAULT_LIMITS, DEFAULT_VERSION, DEFAULT_VERSIONS } from './defaults.js'
import type { Issue } from './messages.js'
import { neverReached } from './never-reached.js'
import type { ScenarioFile } from './schema.js'
import { closest, quoteList } from './suggest.js'

type Path = PropertyKey[]
type RuleFile = NonNullable<ScenarioFile['rules']>[number]
type FaultFile = NonNullable<ScenarioFile['faults']>[number]

let inputFields: Record<string, readonly string[]> | undefined
/**
 * Input fields each task type reads: the fields of its input schemas (every mode's, in order;
 * src/domain/task-types/), built once, at the first check. Other fields are echoed, never read.
 */
function fieldsByType(): Record<string, readonly string[]> {
  const kit = inputKit({ z, inferred: (statement) => statement }, { limits: DEFAULT_LIMITS, versions: DEFAULT_VERSIONS, defaultVersion: DEFAULT_VERSION })
  const fieldsOf = (type: TaskTypeDefinition) => [...new Set(Object.values(type.inputs(kit)).flatMap((schema) => Object.keys(schema.shape)))]
  return (inputFields ??= Object.fromEntries(TASK_TYPE_LIST.map((type) => [type.name, fieldsOf(type)])))
}

export interface WarnOptions {
  /** Keys whose accounts are added at run time (`check --runtime-key`); `*` for any key. */
  runtimeKeys?: readonly string[]
}

const warning = (path: Path, message: string, at: 'key' | 'value' = 'value'): Issue => ({ path, message, at })
const quote = (text: string) => JSON.stringify(text)

export function neverFires(file: ScenarioFile, options: WarnOptions = {}): Issue[] {
  const rules = file.rules ?? []
  const faults = file.faults ?? []
  return [
    ...unknownKeys(file, options.runtimeKeys ?? []),
    ...rules.flatMap((rule, index) => unreadFields(rule, index)),
    ...unusedTimelines(file),
    ...shadowed(rules, 'rules', ruleCovers, 'task'),
    ...shadowed(faults, 'faults', faultCovers, 'request'),
    ...neverReached(file, options.runtimeKeys ?? []),
  ]
}

function unknownKeys(file: ScenarioFile, runtimeKeys: readonly string[]): Issue[] {
  if (runtimeKeys.includes('*')) return []
  const keys = (file.accounts ?? []).map((account) => account.api_key)
  const known = [...keys, ...runtimeKeys]
  const parts: Array<['rules' | 'faults', Array<RuleFile | FaultFile>]> = [
    ['rules', file.rules ?? []],
    ['faults', file.faults ?? []],
  ]
  return parts.flatMap(([part, entries]) =>
    entries.flatMap((entry, index) => {
      const key = entry.match?.api_key
      if (key === undefined || known.includes(key)) return []
      const what = part === 'rules' ? 'rule' : 'fault'
      const listed = keys.length === 0 ? 'the file opens no account' : `accounts: ${quoteList(keys)}`
      const near = closest(key, keys)
      const message =
        `no account has api_key ${quote(key)} (${listed})${near === undefined ? '' : `; did you mean ${quote(near)}?`}; this ${what} can never fire` +
        ` unless that account is added at run time (then tell check: --runtime-key ${key})`
      return [warning([part, index, 'match', 'api_key'], message)]
    }),
  )
}

function unreadFields(rule: RuleFile, index: number): Issue[] {
  const type = rule.match?.task_type
  const byType = fieldsByType()
  const fields = type === undefined ? [...new Set(Object.values(byType).flat())] : byType[type]!
  return Object.keys(rule.match?.input ?? {}).flatMap((field) => {
    if (fields.includes(field)) return []
    const whose = type === undefined ? 'no task type has' : `a ${type} task has no`
    const near = closest(field, fields)
    const hint = near === undefined ? `(its fields: ${quoteList(fields)})` : `(did you mean ${quote(near)}?)`
    const message = `${whose} input field ${quote(field)} ${hint}; unless clients send a field the service ignores, this rule can never fire`
    return [warning(['rules', index, 'match', 'input', field], message, 'key')]
  })
}

function unusedTimelines(file: ScenarioFile): Issue[] {
  const used = new Set<string>(['default'])
  for (const rule of file.rules ?? []) {
    if (typeof rule.timeline === 'string') used.add(rule.timeline)
    for (const choice of rule.one_of ?? []) if (typeof choice.timeline === 'string') used.add(choice.timeline)
  }
  return Object.keys(file.timelines ?? {})
    .filter((name) => !used.has(name))
    .map((name) => warning(['timelines', name], `timeline ${quote(name)} is used by no rule and is not the default; no task will take it`, 'key'))
}

/** An entry never fires when an earlier one matches everything it matches and always fires first. */
function shadowed<T>(entries: readonly T[], part: string, covers: (earlier: T, later: T) => boolean, what: string): Issue[] {
  return entries.flatMap((later, index) => {
    const first = entries.findIndex((earlier, before) => before < index && covers(earlier, later))
    if (first === -1) return []
    const message = `${part}.${first} matches every ${what} this one matches and always applies first; this one can never fire`
    return [warning([part, index], message)]
  })
}

const same = (earlier: unknown, later: unknown): boolean => earlier === undefined || JSON.stringify(earlier) === JSON.stringify(later)

function ruleCovers(earlier: RuleFile, later: RuleFile): boolean {
  const a = earlier.match ?? {}
  const b = later.match ?? {}
  if (a.nth !== undefined || a.times !== undefined) return false
  if (!same(a.task_type, b.task_type) || !same(a.api_key, b.api_key) || !same(a.mode, b.mode) || !same(a.mv, b.mv)) return false
  return Object.entries(a.input ?? {}).every(([field, test]) => same(test, b.input?.[field]))
}

function faultCovers(earlier: FaultFile, later: FaultFile): boolean {
  const a = earlier.match ?? {}
  const b = later.match ?? {}
  if (a.nth !== undefined || a.times !== undefined || (a.probability !== undefined && a.probability < 1)) return false
  // A kind that meets only some endpoints covers a later fault only on those.
  const only = FAULT_KINDS.find((kind) => earlier[kind.key] !== undefined)?.only
  if (only !== undefined && !only.endpoints.some((endpoint) => endpoint === b.endpoint)) return false
  const endpoint = a.endpoint === undefined || a.endpoint === 'any' || a.endpoint === b.endpoint
  return endpoint && same(a.api_key, b.api_key) && same(a.task_type, b.task_type)
}
