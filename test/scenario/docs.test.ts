/** docs/scenarios.md cannot drift from the schema: every key path of the JSON Schema is in it. */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import { scenarioJsonSchema } from '../../src/scenario/index.js'

type JsonSchema = {
  properties?: Record<string, JsonSchema>
  additionalProperties?: JsonSchema | boolean
  items?: JsonSchema
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  $ref?: string
  definitions?: Record<string, JsonSchema>
}

/**
 * Key paths as the doc writes them: `service.prices.music`, `rules[].match.input.<field>.contains`.
 * Steps, a shared definition, are written `<step>.polls`.
 */
function keyPaths(schema: JsonSchema, prefix: string, mapKey: string): string[] {
  if (schema.$ref !== undefined) return []
  const paths: string[] = []
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    const path = prefix === '' ? key : `${prefix}.${key}`
    paths.push(path, ...keyPaths(child, path, key === 'input' ? '<field>' : '<name>'))
  }
  if (typeof schema.additionalProperties === 'object') paths.push(...keyPaths(schema.additionalProperties, `${prefix}.${mapKey}`, '<name>'))
  if (schema.items !== undefined) paths.push(...keyPaths(schema.items, `${prefix}[]`, '<name>'))
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) paths.push(...keyPaths(branch, prefix, mapKey))
  return paths
}

const schema = scenarioJsonSchema() as JsonSchema
const paths = [...keyPaths(schema, '', '<name>'), ...Object.values(schema.definitions ?? {}).flatMap((definition) => keyPaths(definition, '<step>', '<name>'))]
const doc = readFileSync(fileURLToPath(new URL('../../docs/scenarios.md', import.meta.url)), 'utf8')

test('the schema has the key paths this test expects', () => {
  expect(paths).toEqual(expect.arrayContaining(['version', 'service.prices.music', 'rules[].match.input.<field>.matches', '<step>.for', 'faults[].stale']))
})

test.each([...new Set(paths)])('docs/scenarios.md documents `%s`', (path) => {
  expect(doc).toContain(`\`${path}\``)
})
