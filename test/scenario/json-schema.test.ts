/**
 * schema/scenario.schema.json is generated from the zod schema and committed, for editors
 * (`# yaml-language-server: $schema=...`). This test fails when it is out of date;
 * UPDATE_SCHEMA=1 rewrites it instead.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { SCENARIO_SCHEMA_ID, scenarioJsonSchema } from '../../src/scenario/index.js'

const committedPath = fileURLToPath(new URL('../../schema/scenario.schema.json', import.meta.url))

describe('schema/scenario.schema.json', () => {
  const generated = `${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`

  test('is the schema generated from src/scenario/schema.ts (UPDATE_SCHEMA=1 to regenerate)', () => {
    if (process.env.UPDATE_SCHEMA === '1') writeFileSync(committedPath, generated)
    expect(readFileSync(committedPath, 'utf8')).toBe(generated)
  })

  test('has an id, a title, a description and descriptions for editors', () => {
    const schema = scenarioJsonSchema()
    expect(schema).toMatchObject({ $id: SCENARIO_SCHEMA_ID, title: expect.any(String), description: expect.any(String) })
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#')
    const properties = schema.properties as Record<string, { description?: string }>
    for (const [key, property] of Object.entries(properties)) expect(property.description, key).toBeTruthy()
  })
})
