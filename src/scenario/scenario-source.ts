/**
 * The text a scenario was compiled from, when it came through the admin API (PUT
 * /__admin/scenario, POST /__admin/reset with a body): `--state` saves it with the world, so
 * a restart with the same command line serves the scenario the state was saved under.
 */
import type { Scenario } from '../domain/types.js'

const sources = new WeakMap<Scenario, string>()

export function rememberSource(scenario: Scenario, text: string): void {
  sources.set(scenario, text)
}

/** The text `scenario` was loaded from through the admin API, or null (the command line's, or built in code). */
export function sourceOf(scenario: Scenario): string | null {
  return sources.get(scenario) ?? null
}
