// Client generators read a discriminator's `mapping` to type the tag (issue 13: without one,
// openapi-typescript typed Task.status as "TaskSucceeded" and `status === 'success'` failed tsc).
import { expect, test } from 'vitest'
import { openApiDocument } from '../../src/openapi/document.js'
import { defaultScenario } from '../../src/scenario/index.js'

type Schema = {
  oneOf?: { $ref?: string }[]
  discriminator?: { propertyName: string; mapping?: Record<string, string> }
  properties?: Record<string, { const?: unknown; enum?: unknown[] }>
}
const schemas = (openApiDocument(defaultScenario().service).components as { schemas: Record<string, Schema> }).schemas
const named = (ref: string) => schemas[ref.replace('#/components/schemas/', '')]!
const unions = Object.entries(schemas).filter(([, schema]) => schema.discriminator !== undefined)

test('the document has its three discriminated unions', () => {
  expect(unions.map(([name]) => name).sort()).toEqual(['CreateTaskRequest', 'Output', 'Task'])
})

test.each(unions)('%s maps every value of its tag to the one branch that has it', (_name, union) => {
  const { propertyName, mapping } = union.discriminator!
  expect(mapping).toBeDefined()
  const branches = union.oneOf!.map((branch) => branch.$ref!)
  const valuesOf = (ref: string) => {
    const tag = named(ref).properties![propertyName]!
    return tag.enum ?? [tag.const]
  }
  const expected = Object.fromEntries(branches.flatMap((ref) => valuesOf(ref).map((value) => [String(value), ref])))
  expect(mapping).toEqual(expected)
})

test('Task maps the statuses as the spec names them', () => {
  expect(Object.keys(schemas['Task']!.discriminator!.mapping!).sort()).toEqual(['failure', 'pending', 'running', 'success', 'timeout'])
})
