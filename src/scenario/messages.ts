/**
 * Turns zod issues into scenario issues: one message per mistake, saying what was wrong and
 * what was expected, with a did-you-mean for misspelt keys and values.
 */
import * as z from '../zod.js'
import { quoteList, suggestion } from './suggest.js'

type RawIssue = z.$ZodRawIssue

/** How messages show the value a scenario file actually holds. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing'
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'a list'
  if (typeof value === 'object') return 'a mapping'
  if (typeof value === 'string') return JSON.stringify(value)
  return String(value)
}

/** `expected EXPECTED, got VALUE` */
export function expectedGot(expected: string, value: unknown): string {
  return `expected ${expected}, got ${describeValue(value)}`
}

/** One mistake, before it is given a file position. `at: 'key'` points at a key rather than its value. */
export interface Issue {
  path: PropertyKey[]
  message: string
  at: 'key' | 'value'
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
  object: 'a mapping',
  record: 'a mapping',
  array: 'a list',
  null: 'null',
}

function typeName(expected: string): string {
  return TYPE_NAMES[expected] ?? expected
}

/** The error map used for every parse: messages for whatever field schemas do not word themselves. */
export function messageFor(issue: RawIssue): string {
  const path = issue.path ?? []
  const key = path.at(-1)
  if (issue.code === 'unrecognized_keys') return unknownKeyMessages(issue)
  if (issue.input === undefined && typeof key === 'string') return `missing required key ${JSON.stringify(key)}`
  switch (issue.code) {
    case 'invalid_type':
      return expectedGot(typeName(issue.expected), issue.input)
    case 'invalid_value':
      return valueMessage(key, issue.values, issue.input)
    case 'invalid_union':
      return unionMessage(issue)
    case 'too_small':
      return issue.origin === 'array'
        ? `expected at least ${issue.minimum} item(s), got ${arrayLength(issue.input)}`
        : expectedGot(`a value ${issue.inclusive ? '>=' : '>'} ${issue.minimum}`, issue.input)
    case 'too_big':
      return expectedGot(`a value ${issue.inclusive ? '<=' : '<'} ${issue.maximum}`, issue.input)
    case 'invalid_format':
      return expectedGot(`a ${issue.format}`, issue.input)
    default:
      return `invalid value ${describeValue(issue.input)}`
  }
}

function arrayLength(input: unknown): number {
  return Array.isArray(input) ? input.length : 0
}

/** One line per unknown key (split again by `flattenIssues`). */
function unknownKeyMessages(issue: RawIssue & { code: 'unrecognized_keys' }): string {
  const known = issue.inst instanceof z.$ZodObject ? Object.keys(issue.inst._zod.def.shape) : []
  return issue.keys.map((key) => `unknown key ${JSON.stringify(key)}${suggestion(key, known, 'allowed keys:')}`).join('\n')
}

function valueMessage(key: PropertyKey | undefined, values: readonly unknown[], input: unknown): string {
  if (values.length === 1) return expectedGot(JSON.stringify(values[0]), input)
  const words = values.map(String)
  const what = typeof key === 'string' ? `${key} ` : 'value '
  if (typeof input === 'string') return `unknown ${what}${JSON.stringify(input)}${suggestion(input, words)}`
  return expectedGot(`one of ${quoteList(words)}`, input)
}

function unionMessage(issue: RawIssue & { code: 'invalid_union' }): string {
  const { discriminator, input } = issue
  if (discriminator !== undefined && 'options' in issue && Array.isArray(issue.options)) {
    const options = issue.options.map(String)
    const record = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {}
    if (!(discriminator in record)) return `missing required key ${JSON.stringify(discriminator)} (one of ${quoteList(options)})`
    return valueMessage(discriminator, options, record[discriminator])
  }
  const expected = issue.errors.flatMap((branch) =>
    branch.flatMap((inner) => (inner.path.length === 0 && inner.code === 'invalid_type' ? [typeName(inner.expected)] : [])),
  )
  return expectedGot(expected.length > 0 ? expected.join(' or ') : 'another value', input)
}

/** Zod's issues as scenario issues: unknown keys one by one, unions narrowed to the branch that fits. */
export function flattenIssues(issues: readonly z.$ZodIssue[], prefix: readonly PropertyKey[] = []): Issue[] {
  return issues.flatMap((issue): Issue[] => {
    const path = [...prefix, ...issue.path]
    if (issue.code === 'unrecognized_keys') {
      const messages = issue.message.split('\n')
      return issue.keys.map((key, index) => ({ path: [...path, key], message: messages[index] ?? issue.message, at: 'key' }))
    }
    if (issue.code === 'invalid_union' && issue.discriminator === undefined) {
      const fitting = issue.errors.filter((branch) => !branch.some(isWrongShape))
      if (fitting.length === 1 && fitting[0] !== undefined) return flattenIssues(fitting[0], path)
    }
    return [{ path, message: issue.message, at: 'value' }]
  })
}

/** The value itself has the wrong type for this branch of a union. */
function isWrongShape(issue: z.$ZodIssue): boolean {
  return issue.path.length === 0 && (issue.code === 'invalid_type' || issue.code === 'invalid_value')
}

const MISSPELT = /^unknown key "(.*?)"(?: in [^;]*)?; did you mean "(.*)"\?$/

/**
 * One typo, one mistake: an unknown key whose did-you-mean names a required key that is missing
 * from the same mapping (`credit:` for `credits:`) makes the "missing required key" issue redundant.
 */
export function withoutMisspeltMissing(issues: readonly Issue[]): Issue[] {
  const meant = new Set<string>()
  for (const found of issues) {
    const typo = MISSPELT.exec(found.message)
    if (typo !== null) meant.add(JSON.stringify([...found.path.slice(0, -1).map(String), typo[2]]))
  }
  if (meant.size === 0) return [...issues]
  return issues.filter((found) => !(found.message.startsWith('missing required key') && meant.has(JSON.stringify(found.path.map(String)))))
}
