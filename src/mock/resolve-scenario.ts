/** Turns whatever a caller passes as a scenario into a compiled `Scenario`, or throws with every mistake listed. */
import type { Scenario } from '../domain/types.js'
import { defaultScenario } from '../scenario/default.js'
import { formatScenarioError, parseScenario, parseScenarioObject, type ScenarioError } from '../scenario/load.js'

export type ScenarioInput = Scenario | string | Record<string, unknown>

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

export function resolveScenario(input: ScenarioInput | undefined, source = '<scenario>'): Scenario {
  if (input === undefined) return defaultScenario()
  if (typeof input !== 'string' && isCompiled(input)) return input
  const result = typeof input === 'string' ? parseScenario(input, source) : parseScenarioObject(input, source)
  if (!result.ok) throw new ScenarioInvalidError(result.errors)
  return result.scenario
}
