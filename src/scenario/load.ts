/**
 * Scenario text (YAML, or JSON, which is YAML) → a compiled `Scenario`, or every mistake in it
 * with its line and column. Browser-safe: reading files is in load-file.ts, which the browser
 * entry leaves out.
 */
import { LineCounter, parseDocument, visit, type Document } from 'yaml'
import type { Scenario } from '../domain/types.js'
import { checkScenario } from './checks.js'
import { compileScenario } from './compile.js'
import { locate, type Position } from './locate.js'
import { flattenIssues, messageFor, withoutMisspeltMissing, type Issue } from './messages.js'
import { MAX_DEPTH, tooDeepOffset, tooDeepPath } from './nesting.js'
import { neverFires, type WarnOptions } from './never-fires.js'
import { reservedKeyIssues } from './reserved-keys.js'
import { rememberOrigin } from './scenario-origin.js'
import { scenarioSchema, type ScenarioFile } from './schema.js'

/** One mistake. `line` and `col` are 1-based; both are 0 when there is no text to point into (parseScenarioObject). */
export interface ScenarioError {
  file: string
  line: number
  col: number
  /** Where in the scenario, e.g. `timelines.slow.1.for`; '' for the file as a whole. */
  path: string
  message: string
}

/** `warnings`: what the valid scenario says but can never happen (src/scenario/never-fires.ts); only from text. */
export type ScenarioResult = { ok: true; scenario: Scenario; warnings?: ScenarioError[] } | { ok: false; errors: ScenarioError[] }

const DEPTH_MESSAGE = `the document nests deeper than ${MAX_DEPTH} levels`

export type Validation = { ok: true; file: ScenarioFile } | { ok: false; issues: Issue[] }

/** `FILE:LINE:COL: PATH: MESSAGE`; without `:LINE:COL` when there is no position, without `PATH: ` at the top level. */
export function formatScenarioError(error: ScenarioError): string {
  const where = error.line > 0 ? `${error.file}:${error.line}:${error.col}` : error.file
  return error.path === '' ? `${where}: ${error.message}` : `${where}: ${error.path}: ${error.message}`
}

/** `rules.0.match.task_tipe`: keys and list indices joined with dots; the top level is ''. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.map(String).join('.')
}

/** The scenario's name when it sets none: the file name without its extension. */
export function nameFromSource(source: string): string {
  if (source.startsWith('<')) return 'scenario'
  const base = source.split(/[\\/]/).pop() ?? source
  return base.replace(/\.(ya?ml|json)$/i, '') || 'scenario'
}

/** The schema and the cross-reference checks together: every mistake in a raw value, at once. */
export function validateScenario(value: unknown): Validation {
  const tooDeep = tooDeepPath(value)
  if (tooDeep !== null) return { ok: false, issues: [{ path: tooDeep, message: DEPTH_MESSAGE, at: 'value' }] }
  // Reserved keys first and alone: the schema would read such a mapping wrongly.
  const reserved = reservedKeyIssues(value)
  if (reserved.length > 0) return { ok: false, issues: reserved }
  const parsed = scenarioSchema.safeParse(value, { error: messageFor })
  const issues = withoutMisspeltMissing([...(parsed.success ? [] : flattenIssues(parsed.error.issues)), ...checkScenario(value)])
  if (!parsed.success || issues.length > 0) return { ok: false, issues }
  return { ok: true, file: parsed.data }
}

export function parseScenario(text: string, file: string, options: WarnOptions = {}): ScenarioResult {
  const lines = new LineCounter()
  const at = (position: Position, message: string, path = ''): ScenarioError => ({ file, ...position, path, message })
  const deep = tooDeepOffset(text)
  if (deep !== null) {
    lines.addNewLine(0)
    for (let index = text.indexOf('\n'); index !== -1 && index < deep; index = text.indexOf('\n', index + 1)) lines.addNewLine(index + 1)
    return { ok: false, errors: [at(lines.linePos(deep), `${DEPTH_MESSAGE} here; a scenario needs far fewer`)] }
  }
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true })
  if (doc.errors.length > 0) {
    return { ok: false, errors: doc.errors.map((error) => at(lines.linePos(error.pos[0]), `invalid YAML: ${error.message}`)) }
  }
  if (doc.contents === null) {
    return { ok: false, errors: [at({ line: 1, col: 1 }, 'the file is empty; expected a scenario (a mapping with at least version: 1)')] }
  }
  let value: unknown
  try {
    value = doc.toJS({ maxAliasCount: 1000 })
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    return { ok: false, errors: [at(aliasPosition(doc, lines), `invalid YAML: ${reason}`)] }
  }
  const aliased = tooDeepPath(value) // the text was shallow enough: only aliases can nest it deeper
  if (aliased !== null) return { ok: false, errors: [at(locate(doc, lines, aliased, 'value'), `${DEPTH_MESSAGE} (through aliases)`, formatPath(aliased))] }
  const validation = validateScenario(value)
  if (validation.ok) {
    const warnings = neverFires(validation.file, options).map((issue) => at(locate(doc, lines, issue.path, issue.at), issue.message, formatPath(issue.path)))
    warnings.sort((a, b) => a.line - b.line || a.col - b.col)
    const scenario = compileScenario(validation.file, nameFromSource(file))
    const where = (part: 'rules' | 'faults') => (validation.file[part] ?? []).map((_, index) => locate(doc, lines, [part, index], 'value'))
    rememberOrigin(scenario, { file, text, rules: where('rules'), faults: where('faults') })
    return { ok: true, scenario, warnings }
  }
  const errors = validation.issues.map((issue) => at(locate(doc, lines, issue.path, issue.at), issue.message, formatPath(issue.path)))
  return { ok: false, errors: errors.sort((a, b) => a.line - b.line || a.col - b.col) }
}

/** A scenario given as a value (e.g. JSON already parsed). Errors carry no position: line and col are 0. */
export function parseScenarioObject(value: unknown, source = '<object>'): ScenarioResult {
  const validation = validateScenario(value)
  if (validation.ok) return { ok: true, scenario: compileScenario(validation.file, nameFromSource(source)) }
  const errors = validation.issues.map((issue) => ({
    file: source,
    line: 0,
    col: 0,
    path: formatPath(issue.path),
    message: issue.message,
  }))
  return { ok: false, errors }
}

/** Where the alias that could not be resolved is, when that is why the document did not convert. */
function aliasPosition(doc: Document, lines: LineCounter): Position {
  let offset = 0
  visit(doc, {
    Alias(_, alias) {
      if (alias.resolve(doc) !== undefined) return undefined
      offset = alias.range?.[0] ?? 0
      return visit.BREAK
    },
  })
  return lines.linePos(offset)
}
