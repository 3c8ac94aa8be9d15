/** The JSON Schema of scenario files, generated from the zod schema (committed as schema/scenario.schema.json). */
import * as z from '../zod.js'
import { scenarioSchema } from './schema.js'

export const SCENARIO_SCHEMA_ID = 'urn:audio-task-mock:scenario:1'

/** Draft-07, which editors (yaml-language-server and the like) understand best; it describes files as written. */
export function scenarioJsonSchema(): Record<string, unknown> {
  const generated = z.toJSONSchema(scenarioSchema, { target: 'draft-7', io: 'input', unrepresentable: 'any' })
  const { $schema, ...rest } = generated
  return { $schema, $id: SCENARIO_SCHEMA_ID, ...rest }
}
