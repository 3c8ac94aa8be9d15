/** Turns whatever a caller passes as a scenario into a compiled `Scenario`, or throws with every mistake listed. */
import type { Scenario } from '../domain/types.js'
import { defaultScenario } from './default.js'
import { formatScenarioError, parseScenario, parseScenarioObject, type ScenarioError } from './load.js'

/**
 * A scenario: YAML or JSON text, a plain object in the file's shape, a compiled `Scenario`, or
 * the name of a bundled scenario (`'happy-path'`, as `--scenario happy-path` on the command line).
 */
export type ScenarioInput = Scenario | string | Record<string, unknown>

/** Named scenarios (the bundled library on Node): a name gives its text and file, or why not. */
export interface ScenarioLibrary {
  read(name: string): { file: string; text: string } | { error: string }
}

/** The scenario served when none is given: the library's `default`, as the CLI serves. */
export const DEFAULT_SCENARIO_NAME = 'default'

export class ScenarioInvalidError extends Error {
  readonly errors: readonly ScenarioError[]

  constructor(errors: readonly ScenarioError[]) {
    super(`invalid scenario:\n${errors.map(formatScenarioError).join('\n')}`)
    this.name = 'ScenarioInvalidError'
    this.errors = errors
  }
}

function isCompiled(value: object): value is Scenario {
  return 'timelines' in value && value.timelines instanceof Map
}

/** A bare name (`happy-path`), as opposed to scenario text: a scenario is a mapping, so its text has a `:` or `{`. */
export function isScenarioName(text: string): boolean {
  return /^[A-Za-z0-9][\w.-]*$/.test(text.trim())
}

function fromLibrary(name: string, library: ScenarioLibrary): Scenario {
  const found = library.read(name)
  if ('error' in found) throw new ScenarioInvalidError([{ file: '<scenario>', line: 1, col: 1, path: '', message: found.error }])
  return compileText(found.text, found.file)
}

/**
 * Scenarios compiled from text, by source name and text: a suite that starts a fake per test
 * from the same text (the usual shape) parses and validates it once. A compiled scenario is a
 * value that no fake changes (each keeps its state in its own world), so fakes can share one, as
 * they already share it across resets. The newest few are kept, and only texts of a usual size.
 */
const compiled = new Map<string, Scenario>()
const COMPILED_KEPT = 32
const COMPILED_TEXT_LIMIT = 64 * 1024

function compileText(text: string, source: string): Scenario {
  const key = `${source}\n${text}`
  const kept = compiled.get(key)
  if (kept !== undefined) {
    compiled.delete(key) // the newest again: the oldest go first
    compiled.set(key, kept)
    return kept
  }
  const result = parseScenario(text, source)
  if (!result.ok) throw new ScenarioInvalidError(result.errors)
  if (text.length <= COMPILED_TEXT_LIMIT) {
    compiled.set(key, result.scenario)
    if (compiled.size > COMPILED_KEPT) compiled.delete(compiled.keys().next().value!)
  }
  return result.scenario
}

/**
 * No input serves the library's default scenario (the built-in defaults, with no accounts,
 * only where there is no library); a bare name, the library's scenario of that name.
 */
export function resolveScenario(input: ScenarioInput | undefined, source = '<scenario>', library?: ScenarioLibrary): Scenario {
  if (input === undefined) return library === undefined ? defaultScenario() : fromLibrary(DEFAULT_SCENARIO_NAME, library)
  if (typeof input === 'string' && library !== undefined && isScenarioName(input)) return fromLibrary(input.trim(), library)
  if (typeof input !== 'string' && isCompiled(input)) return input
  if (typeof input === 'string') return compileText(input, source)
  const result = parseScenarioObject(input, source)
  if (!result.ok) throw new ScenarioInvalidError(result.errors)
  return result.scenario
}
