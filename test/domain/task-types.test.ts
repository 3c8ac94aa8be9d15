/**
 * The task-type list (src/domain/task-types/index.ts) is the one source of the task types: what
 * the API accepts, what the OpenAPI document, the scenario schema and the admin filter publish,
 * what the inspector offers and what the defaults price are exactly the registered types, in the
 * list's order; and each type's own parts agree (its examples pass its input schema, its outputs
 * pass its output schema, its inputs name the fields scenario rules may match).
 */
import { describe, expect, test } from 'vitest'
import { tasksQuery } from '../../src/admin/admin-schemas.js'
import { outputSchema } from '../../src/api/schemas.js'
import { validateCreate } from '../../src/api/validate.js'
import { generateOutput } from '../../src/domain/outputs.js'
import { DEFAULT_LIMITS, DEFAULT_PRICES, TASK_MODES, TASK_TYPE_LIST, TASK_TYPES, TEXT_LIMITS } from '../../src/domain/task-types/index.js'
import { savedTask } from '../../src/state/state-schema.js'
import { TASK_TYPE_LABELS } from '../../src/domain/task-types/labels.js'
import { openApiDocument } from '../../src/openapi/document.js'
import { defaultScenario, parseScenarioObject, scenarioJsonSchema } from '../../src/scenario/index.js'
import { neverFires } from '../../src/scenario/never-fires.js'

const NAMES = TASK_TYPE_LIST.map((type) => type.name)
const capital = (name: string) => `${name[0]!.toUpperCase()}${name.slice(1)}`
const service = defaultScenario().service
const document = openApiDocument(service) as any
const schemas = document.components.schemas

/** Every schema object under `node` that describes a property named `key`. */
function propertiesNamed(node: unknown, key: string, found: any[] = []): any[] {
  if (typeof node !== 'object' || node === null) return found
  const properties = (node as { properties?: Record<string, unknown> }).properties
  if (properties?.[key] !== undefined) found.push(properties[key])
  for (const value of Object.values(node)) propertiesNamed(value, key, found)
  return found
}

describe('the task-type list', () => {
  test('names each type once, as a lower-case word, with a label and a price', () => {
    expect(NAMES.length).toBeGreaterThan(0)
    expect(new Set(NAMES).size).toBe(NAMES.length)
    for (const type of TASK_TYPE_LIST) {
      expect(type.name).toMatch(/^[a-z][a-z0-9_]*$/)
      expect(type.label.trim()).not.toBe('')
      expect(Number.isInteger(type.price) && type.price >= 0, type.name).toBe(true)
    }
    expect([...TASK_TYPES]).toEqual(NAMES)
  })

  test('is what the OpenAPI document publishes: request and output unions, components, enums, examples, prices', () => {
    const mapping = (schema: any) => Object.keys(schema.discriminator.mapping)
    expect(mapping(schemas.CreateTaskRequest)).toEqual(NAMES)
    expect(mapping(schemas.Output)).toEqual(NAMES)
    for (const name of NAMES) {
      expect(schemas[`Create${capital(name)}TaskRequest`], name).toBeDefined()
      expect(schemas[`${capital(name)}Input`], name).toBeDefined()
      expect(schemas[`${capital(name)}Output`].properties.taskType.const, name).toBe(name)
    }
    for (const property of [...propertiesNamed(schemas.Task, 'type'), schemas.TaskCreated.properties.type]) expect(property.enum).toEqual(NAMES)
    const requests = Object.values(document.paths['/api/v1/task'].post.requestBody.content['application/json'].examples) as any[]
    expect([...new Set(requests.map((example) => example.value.task_type))]).toEqual(NAMES)
    const prices = schemas.TaskCreated.properties.credits_charged.description
    for (const type of TASK_TYPE_LIST) expect(prices).toContain(`${type.name} ${type.price}`)
  })

  test('is what the scenario schema offers: one price each, with its default, and the task_type of rules and faults', () => {
    const schema = scenarioJsonSchema() as any
    const prices = schema.properties.service.properties.prices
    expect(Object.keys(prices.properties)).toEqual(NAMES)
    expect(prices.default).toEqual(DEFAULT_PRICES)
    for (const type of TASK_TYPE_LIST) expect(prices.properties[type.name].default).toBe(type.price)
    const taskTypes = propertiesNamed(schema, 'task_type')
    expect(taskTypes.length).toBeGreaterThanOrEqual(2)
    for (const property of taskTypes) expect(property.enum).toEqual(NAMES)
    expect(defaultScenario().service.prices).toEqual(DEFAULT_PRICES)
  })

  test("owns the input modes and text limits: the scenario's service.limits and match.mode, the state file's task mode", () => {
    const withModes = TASK_TYPE_LIST.filter((type) => type.modes !== undefined)
    expect([...TASK_MODES]).toEqual(withModes.flatMap((type) => type.modes!))
    const schema = scenarioJsonSchema() as any
    const limits = schema.properties.service.properties.limits
    expect(Object.keys(limits.properties)).toEqual(TEXT_LIMITS.map(([name]) => name))
    for (const [name, limit] of TEXT_LIMITS) {
      expect(limits.properties[name].default, name).toBe(limit.max)
      expect(limits.properties[name].description, name).toContain(limit.describes)
    }
    expect(defaultScenario().service.limits).toEqual(DEFAULT_LIMITS)
    const ruleModes = propertiesNamed(schema, 'mode').filter((property) => property.description?.startsWith('The input mode'))
    expect(ruleModes.length).toBeGreaterThanOrEqual(1)
    for (const property of ruleModes) expect(property.enum).toEqual([...TASK_MODES])
    for (const mode of TASK_MODES) expect(savedTask.shape.mode.safeParse(mode).success, mode).toBe(true)
    for (const type of TASK_TYPE_LIST) {
      // Each type's limits name fields its input schema has (so a too-long value is refused there).
      for (const [name, { field, max }] of Object.entries(type.limits ?? {})) {
        const input = { [field]: 'x'.repeat(max + 1), ...(type.name === 'music' && field === 'prompt' ? { tags: 'pop' } : {}) }
        const checked = validateCreate({ model: service.model, task_type: type.name, input }, service)
        expect(checked.ok ? 'accepted' : checked.message, `${type.name} ${name}`).toMatch(new RegExp(`^input\\.${field}: too long`))
      }
    }
  })

  test('is what the inspector offers and the admin filter accepts', () => {
    expect(TASK_TYPE_LABELS).toEqual(TASK_TYPE_LIST.map(({ name, label }) => ({ name, label })))
    for (const name of NAMES) expect(tasksQuery.safeParse({ type: name }).success, name).toBe(true)
    expect(tasksQuery.safeParse({ type: `${NAMES[0]}-not-a-type` }).success).toBe(false)
  })

  test.each(TASK_TYPE_LIST.map((type) => [type.name, type] as const))("%s: its examples pass its own input schema, as the API's validation", (name, type) => {
    const kit = { fit: (text: string) => text, clip: 'a-clip-id', defaultVersion: service.defaultVersion }
    expect(type.examples.length, name).toBeGreaterThan(0)
    for (const example of type.examples) {
      const checked = validateCreate({ model: service.model, task_type: name, input: example.input(kit) }, service)
      expect(checked, example.name).toMatchObject({ ok: true, request: { type: name } })
    }
  })

  test.each(TASK_TYPE_LIST.map((type) => [type.name] as const))('%s: its generated outputs pass the output schema the document publishes for it', (name) => {
    for (let seed = 0; seed < 50; seed++) {
      const output = generateOutput({ seed: seed * 7919, type: name, mode: null, input: {} })
      expect(output.taskType).toBe(name)
      expect(outputSchema.safeParse(output).success, `seed ${seed}`).toBe(true)
    }
  })

  test.each(TASK_TYPE_LIST.map((type) => [type.name] as const))('%s: a scenario rule on it parses, and a rule on a field it lacks is warned about', (name) => {
    const file = { version: 1, name: 'types', rules: [{ match: { task_type: name, input: { no_such_field: { exists: true } } }, timeline: 'default' }] }
    expect(parseScenarioObject(file, 'types.yaml').ok).toBe(true)
    const warnings = neverFires(file as any)
    expect(warnings.map((warning) => warning.message).join('\n')).toContain(`a ${name} task has no input field "no_such_field"`)
  })
})
