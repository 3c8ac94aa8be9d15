/**
 * Hostile input on the public routes, generated with fast-check, against every door. Pass:
 * never a 5xx, every error `{code, message}` (the `call` helper checks every body against the
 * API schemas), no state changed by a rejected request, no prototype polluted, input echoed exactly.
 */
import fc from 'fast-check'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { httpDoor, inProcessDoor, type Door, type Fake } from '../support/doors.js'
import { binaryUnit } from '../support/hostile.js'
import { fuzzRuns } from '../support/long.js'

const SCENARIO = `
version: 1
seed: 3
accounts:
  - { api_key: key-a, credits: 100000 }
  - { api_key: key-b, credits: 100000 }
`
const RUNS = fuzzRuns(25, 1000)

const nasty = fc.oneof(
  fc.string({ unit: binaryUnit, maxLength: 40 }),
  fc.constantFrom('__proto__', 'constructor', 'prototype', '\u0000', '🎵🎶', '../../etc/passwd', '%00', 'a'.repeat(600)),
)
const anyJson = fc.jsonValue({ maxDepth: 6 })
const hostileInput = fc.dictionary(nasty, anyJson, { maxKeys: 6 })
const taskType = fc.oneof(fc.constantFrom('music', 'lyrics', 'upload', 'concat'), nasty, anyJson)
const body = fc.oneof(
  anyJson,
  fc.record({ model: fc.oneof(fc.constant('music-model'), anyJson), task_type: taskType, input: fc.oneof(hostileInput, anyJson) }, { requiredKeys: [] }),
  fc.record({
    model: fc.constant('music-model'),
    task_type: fc.constantFrom('music', 'lyrics', 'upload', 'concat'),
    input: fc.record(
      { prompt: nasty, gpt_description_prompt: nasty, url: fc.oneof(nasty, fc.webUrl()), clip_id: nasty, mv: nasty, __proto__: anyJson },
      { requiredKeys: [] },
    ),
  }),
)

describe.each([inProcessDoor(), httpDoor()])('hostile input: $name', (door: Door) => {
  let fake: Fake
  beforeAll(async () => {
    await door.setup()
    fake = await door.start(SCENARIO)
  })
  afterAll(async () => {
    await door.stop()
    await door.teardown()
  })
  afterEach(() => expect(({} as Record<string, unknown>)['polluted']).toBeUndefined())

  const usage = async (key = 'key-a') => (await fake.call('GET', '/api/v1/account/usage', { key })).text

  it('answers any create body with 202, 400 or 413, charges only accepted tasks, and echoes input exactly', async () => {
    await fc.assert(
      fc.asyncProperty(body, async (value) => {
        const text = JSON.stringify(value) ?? 'null'
        const before = await usage()
        const reply = await fake.call('POST', '/api/v1/task', { body: text })
        expect([202, 400, 413]).toContain(reply.status)
        if (reply.status !== 202) {
          expect(await usage()).toBe(before)
          return
        }
        const task = await fake.call('GET', `/api/v1/task/${reply.json.data.task_id}`)
        expect(JSON.stringify(task.json.data.input)).toBe(JSON.stringify((JSON.parse(text) as { input: unknown }).input))
      }),
      { numRuns: RUNS },
    )
  })

  it('answers malformed JSON text, NUL bytes and deep nesting with 400 and no state change', async () => {
    const malformed = fc.oneof(
      fc.string({ unit: binaryUnit, maxLength: 200 }),
      fc.nat(5000).map((depth) => '['.repeat(depth + 40) + ']'.repeat(depth + 40)),
      fc.constantFrom('{"model":"music-model"', '\u0000{}', '{"a":1}{"b":2}', '{"__proto__":{"polluted":true}}', 'NaN', "{'a':1}"),
    )
    await fc.assert(
      fc.asyncProperty(malformed, async (text) => {
        const before = await usage()
        const reply = await fake.call('POST', '/api/v1/task', { body: text })
        expect(reply.status).toBe(400)
        expect(await usage()).toBe(before)
      }),
      { numRuns: RUNS },
    )
  })

  it('answers any task id, path-like, long or unicode, with a 404 that looks like a missing id', async () => {
    const id = fc.oneof(nasty, fc.string({ minLength: 1, maxLength: 300 }), fc.constantFrom('..', '.', '%2e%2e', 'a/b', '?x=1'))
    await fc.assert(
      fc.asyncProperty(id, async (raw) => {
        const reply = await fake.call('GET', `/api/v1/task/${encodeURIComponent(raw)}`)
        expect(reply.status === 404 || reply.status === 400, `status ${reply.status}: ${reply.text}`).toBe(true)
      }),
      { numRuns: RUNS },
    )
    const malformed = await fake.call('GET', '/api/v1/task/%E0%A4%A')
    expect(malformed.json).toEqual({ code: 400, message: 'Malformed URL: "/api/v1/task/%E0%A4%A" has an invalid percent-encoding' })
  })

  it('answers wrong methods, content types and keys with JSON errors, never 5xx', async () => {
    const method = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS')
    const path = fc.constantFrom('/api/v1/task', '/api/v1/task/x', '/api/v1/account/usage', '/api/v1', '/api/v2/task', '/api/v1/task/x/y')
    const contentType = fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=utf-16', '')
    const key = fc.oneof(
      fc.constantFrom('key-a', 'key-b', '', 'key-a, key-b', 'KEY-A', ' key-a'),
      fc.string({ maxLength: 20 }).filter((k) => /^[\x21-\x7e]*$/.test(k)),
    )
    await fc.assert(
      fc.asyncProperty(method, path, contentType, key, async (m, p, type, k) => {
        const headers: Record<string, string> = type === '' ? {} : { 'content-type': type }
        const reply = await fake.call(m, p, { key: k, headers, body: m === 'GET' ? undefined : '{"model":"music-model"}' })
        expect(reply.status).toBeLessThan(500)
        expect(reply.json).toMatchObject({ code: reply.status })
      }),
      { numRuns: RUNS },
    )
  })
})
