/** Both doors serve the running scenario's document at /openapi.json and /openapi.yaml. */
import { parse } from 'yaml'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { openApiDocument } from '../../src/openapi/document.js'
import { httpDoor, inProcessDoor, type Door } from '../support/doors.js'
import { CONTRACT_SCENARIO } from '../support/scenarios.js'

const SCENARIO = CONTRACT_SCENARIO.replace('  timeout_after: 10m', '  timeout_after: 10m\n  limits: { title: 12 }\n  prices: { lyrics: 7 }')

describe.each([inProcessDoor(), httpDoor()])('the OpenAPI document over $name', (door: Door) => {
  beforeAll(() => door.setup())
  afterAll(() => door.teardown())
  afterEach(() => door.stop())

  test('GET /openapi.json is the document of the running scenario, with the origin as its server', async () => {
    const fake = await door.start(SCENARIO)
    const reply = await fake.call('GET', '/openapi.json', { key: null })
    expect(reply.status).toBe(200)
    expect(reply.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(reply.json).toEqual(JSON.parse(JSON.stringify(openApiDocument(fake.mock.scenario.service, fake.origin))))
    expect(reply.json.servers).toEqual([{ url: fake.origin }])
    expect(reply.json.components.schemas.MusicContinuationInput.properties.title.maxLength).toBe(12)
    expect(reply.json.paths['/api/v1/task'].post.requestBody.content['application/json'].examples.lyrics).toBeDefined()
  })

  test('GET /openapi.yaml is the same document in YAML', async () => {
    const fake = await door.start(SCENARIO)
    const [yamlReply, jsonReply] = [await fake.call('GET', '/openapi.yaml', { key: null }), await fake.call('GET', '/openapi.json', { key: null })]
    expect(yamlReply.status).toBe(200)
    expect(yamlReply.headers.get('content-type')).toBe('application/yaml; charset=utf-8')
    expect(parse(yamlReply.text)).toEqual(jsonReply.json)
  })

  test('follows a reset to another scenario', async () => {
    const fake = await door.start(SCENARIO)
    fake.mock.reset(SCENARIO.replace('limits: { title: 12 }', 'limits: { title: 30 }'))
    const reply = await fake.call('GET', '/openapi.json', { key: null })
    expect(reply.json.components.schemas.MusicContinuationInput.properties.title.maxLength).toBe(30)
  })
})

describe('the OpenAPI document of a rate-limited scenario', () => {
  test('is generated: its examples are not rate-limited (it answered 500 before)', async () => {
    const { parseScenario } = await import('../../src/scenario/load.js')
    const parsed = parseScenario('version: 1\nservice: { rate_limit: { per_minute: 1 } }\n', '<test>')
    if (!parsed.ok) throw new Error('the scenario should parse')
    expect(openApiDocument(parsed.scenario.service, 'http://x.test').openapi).toBe('3.1.0')
  })
})
