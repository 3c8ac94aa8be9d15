/**
 * The mark on everything the fake does where the spec is silent (DESIGN.md, "What the real
 * service does where the spec is silent"). Schema descriptions, and so the OpenAPI document,
 * carry it, with the scenario key that overrides the choice.
 */

/** The words every inferred description contains; tests look for them. */
export const INFERRED = 'Inferred (the spec is silent; observed in public client code and docs)'

/** `statement` marked as inferred; `scenarioKey` is where a scenario overrides it. */
export function inferred(statement: string, scenarioKey?: string): string {
  const override = scenarioKey === undefined ? '' : ` Scenario key: \`${scenarioKey}\`.`
  return `${INFERRED}: ${statement}.${override}`
}
