/**
 * Where a scenario came from when it was parsed from text: the file (or `<request body>`), the
 * text itself, and the line and column of each rule and fault. The journal names the fault that
 * answered a request by its line; the inspector's editor opens on the running scenario's text.
 * Kept beside the compiled scenario, not in it: the domain never needs it.
 */
import type { Scenario } from '../domain/types.js'
import type { Position } from './locate.js'

export interface ScenarioOrigin {
  readonly file: string
  readonly text: string
  readonly rules: readonly Position[]
  readonly faults: readonly Position[]
}

const origins = new WeakMap<Scenario, ScenarioOrigin>()

export function rememberOrigin(scenario: Scenario, origin: ScenarioOrigin): void {
  origins.set(scenario, origin)
}

/** The text `scenario` was parsed from and where its rules and faults are; null when it was built in code or from JSON values. */
export function originOf(scenario: Scenario): ScenarioOrigin | null {
  return origins.get(scenario) ?? null
}
