/** The scenario with every default and no accounts, for programmatic use. */
import type { Scenario } from '../domain/types.js'
import { compileScenario } from './compile.js'
import { scenarioSchema } from './schema.js'

export function defaultScenario(): Scenario {
  return compileScenario(scenarioSchema.parse({ version: 1 }), 'default')
}
