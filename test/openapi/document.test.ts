/**
 * openapi/openapi.json is the document generated from the zod schemas for the default service,
 * committed for API tools and client generators. This suite fails when it is out of date
 * (UPDATE_OPENAPI=1 rewrites it), when a maintained OpenAPI validator rejects it, and when an
 * example the fake answered does not match its own schema.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Validator } from '@seriousme/openapi-schema-validator'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { describe, expect, test } from 'vitest'
import { openApiDocument } from '../../src/openapi/document.js'
import { withoutMappings } from '../../src/openapi/response-validator.js'
import { defaultScenario } from '../../src/scenario/index.js'
import { publicApi } from '../support/shapes.js'

const committedPath = fileURLToPath(new URL('../../openapi/openapi.json', import.meta.url))
const document = openApiDocument(defaultScenario().service)

type Operation = {
  operationId: string
  requestBody?: any
  responses: Record<string, { content: Record<string, { examples?: Record<string, { value: unknown }> }> }>
}

const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item as Record<string, Operation>).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
)

describe('openapi/openapi.json', () => {
  const generated = `${JSON.stringify(document, null, 2)}\n`

  test('is the document generated from src/api/schemas.ts (UPDATE_OPENAPI=1 to regenerate)', () => {
    if (process.env.UPDATE_OPENAPI === '1') writeFileSync(committedPath, generated)
    const committed = readFileSync(committedPath, 'utf8')
    expect(JSON.parse(committed), 'openapi/openapi.json is out of date: npm run openapi:update').toEqual(JSON.parse(generated))
    expect(committed).toBe(generated)
  })

  test('is a valid OpenAPI 3.1 document for @seriousme/openapi-schema-validator', async () => {
    const validator = new Validator()
    const result = await validator.validate(structuredClone(document))
    expect(result.errors).toBeUndefined()
    expect(result.valid).toBe(true)
    expect(validator.version).toBe('3.1')
  })

  test('is rejected by the same validator once broken, so the check above can fail', async () => {
    const broken = structuredClone(document) as any
    broken.paths['/api/v1/task'].post.responses['202'].description = 42
    expect((await new Validator().validate(broken)).valid).toBe(false)
  })

  test('documents the three endpoints with the statuses of the spec, plus 413, 429 and the store-full 503 where it is silent', () => {
    const statuses = Object.fromEntries(operations.map(({ operation }) => [operation.operationId, Object.keys(operation.responses).map(Number)]))
    expect(statuses).toEqual({
      createTask: [202, 400, 401, 402, 413, 429, 500, 503],
      getTask: [200, 401, 404, 429, 500],
      getUsage: [200, 401, 429, 500],
    })
    expect(document['components']).toMatchObject({ securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } } })
    expect(document['security']).toEqual([{ apiKey: [] }])
  })
})

describe('examples, all answered by the fake', () => {
  test.each(
    operations.flatMap(({ path, method, operation }) =>
      Object.keys(operation.responses).map((status) => [operation.operationId, status, path, method] as const),
    ),
  )('%s %s has an example that matches its schema', (_id, status, path, method) => {
    const operation = operations.find((entry) => entry.path === path && entry.method === method)!.operation
    const examples = Object.entries(operation.responses[status]!.content['application/json']!.examples ?? {})
    expect(examples.length).toBeGreaterThan(0)
    const headers = new Headers({ 'content-type': 'application/json', 'retry-after': '12' })
    const concrete = path.replace('{taskId}', '00000000-0000-4000-8000-000000000000')
    for (const [name, example] of examples) {
      expect(publicApi.check({ method, path: concrete, status: Number(status), headers, body: JSON.stringify(example.value) }), name).toEqual([])
    }
  })

  test('every Create Task request example matches CreateTaskRequest, one per task type and music mode', () => {
    const ajv = new Ajv2020({ strict: true, discriminator: true, allErrors: true })
    addFormats(ajv)
    ajv.addKeyword({ keyword: 'components' })
    ajv.addSchema({ $id: 'urn:doc:openapi', components: withoutMappings(document['components']) as object })
    const validate = ajv.compile({ $ref: 'urn:doc:openapi#/components/schemas/CreateTaskRequest' })
    const examples = document.paths['/api/v1/task']!['post'] as Operation
    const bodies = Object.entries(examples.requestBody.content['application/json'].examples as Record<string, { value: unknown }>)
    expect(bodies.map(([name]) => name)).toEqual(['music', 'music-custom', 'music-instrumental', 'music-continuation', 'lyrics', 'upload', 'concat'])
    for (const [name, { value }] of bodies) expect(validate(value) ? [] : validate.errors, name).toEqual([])
    expect(validate({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: 'x', prompt: 'y' } })).toBe(false)
  })
})
