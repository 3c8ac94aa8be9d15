/** The scenario language: YAML → validated → compiled `Scenario`. */

// Loading
export { parseScenario, parseScenarioObject, formatScenarioError } from './load.js'
export { loadScenarioFile } from './load-file.js'
export type { ScenarioError, ScenarioResult } from './load.js'
export { defaultScenario } from './default.js'

// The file format, step by step
export { scenarioSchema } from './schema.js'
export type { ScenarioFile, ScenarioFileInput } from './schema.js'
export { validateScenario, formatPath, nameFromSource } from './load.js'
export type { Validation } from './load.js'
export type { Issue } from './messages.js'
export { compileScenario } from './compile.js'

// For editors
export { scenarioJsonSchema, SCENARIO_SCHEMA_ID } from './json-schema.js'
