/**
 * Property: whatever the upstream answers (any status, JSON of any shape, garbage, odd headers,
 * statuses in any order, clocks that jump back), the recording never throws and always writes a
 * scenario the loader accepts, with no key in it.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Recording, type Exchange } from '../../src/record/recording.js'
import { writeScenario } from '../../src/record/write-scenario.js'
import { parseScenario } from '../../src/scenario/index.js'
import { fuzzRuns } from '../support/long.js'

const RUNS = fuzzRuns(25, 600)
const KEYS = ['key-SECRET-1', 'key-SECRET-2']
const IDS = ['t1', 't2', 't3', '__proto__']
const status = fc.constantFrom('pending', 'running', 'success', 'failure', 'timeout', 'queued', 7, null)
const instant = fc.oneof(fc.constant('2026-01-01T00:00:00.000Z'), fc.constant('2026-01-01T00:05:00.000Z'), fc.constant('not a date'), fc.constant(null))
const text = fc.oneof(fc.string(), fc.constant(''), fc.constant('a: b\n- c # d'), fc.constant('{{"x"'))
const output = fc.oneof(
  fc.constant(null),
  fc.jsonValue(),
  fc.record(
    {
      taskId: fc.string(),
      result: fc.array(
        fc.record(
          { id: fc.string(), audio_url: fc.string(), title: text, duration: fc.oneof(fc.double(), fc.string()), __proto__: fc.jsonValue() },
          { requiredKeys: [] },
        ),
      ),
    },
    { requiredKeys: [] },
  ),
)
const data = fc.oneof(
  fc.record(
    {
      task_id: fc.constantFrom(...IDS),
      type: fc.constantFrom('music', 'lyrics', 'x'),
      status,
      credits_charged: fc.oneof(fc.nat(20), fc.constant(-1), fc.constant('5')),
      created_at: instant,
    },
    { requiredKeys: [] },
  ),
  fc.record(
    {
      task_id: fc.constantFrom(...IDS),
      status,
      error: fc.oneof(text, fc.constant(null)),
      output,
      created_at: instant,
      completed_at: instant,
      credits_cost: fc.nat(20),
    },
    { requiredKeys: [] },
  ),
  fc.record({ tasks_created: fc.nat(), credits_used: fc.integer(), credits_topped_up: fc.integer() }, { requiredKeys: [] }),
  fc.jsonValue(),
)
const body = fc.oneof(
  data.map((value) => JSON.stringify({ code: 200, data: value })),
  fc.record({ code: fc.nat(), message: fc.oneof(text, fc.constant(42)) }, { requiredKeys: [] }).map((value) => JSON.stringify(value)),
  text,
)
const exchange: fc.Arbitrary<Exchange> = fc.record({
  at: fc.integer({ min: -5_000, max: 10_000_000 }),
  method: fc.constantFrom('GET', 'POST', 'PUT'),
  path: fc.constantFrom('/api/v1/task', ...IDS.map((id) => `/api/v1/task/${id}`), '/api/v1/account/usage', '/api/v1/task/%E0%A4%A', '/other'),
  apiKey: fc.constantFrom(...KEYS, null, ''),
  contentType: fc.constantFrom('application/json', 'text/plain', null),
  body: fc.oneof(fc.constant(JSON.stringify({ model: 'm', task_type: 'music', input: { gpt_description_prompt: 'x'.repeat(600), mv: 'voice-v9' } })), text),
  response: fc.record({
    status: fc.constantFrom(200, 202, 302, 400, 401, 404, 429, 500, 502, 503, 504, 599),
    headers: fc.dictionary(fc.constantFrom('Retry-After', 'x-ratelimit-reset', 'set-cookie', 'authorization'), text),
    body,
  }),
})

/** Creates the upstream accepted, with odd prices, models and versions: what sets the replay's service. */
const accepted: fc.Arbitrary<Exchange> = fc.record({
  at: fc.nat(100_000),
  method: fc.constant('POST'),
  path: fc.constant('/api/v1/task'),
  apiKey: fc.constantFrom(...KEYS),
  contentType: fc.constant('application/json'),
  body: fc
    .record({
      model: fc.oneof(fc.constant(''), fc.string()),
      task_type: fc.constantFrom('music', 'lyrics'),
      input: fc.record({ mv: fc.oneof(fc.constant(''), fc.string()), prompt: fc.string({ maxLength: 4000 }) }),
    })
    .map((value) => JSON.stringify(value)),
  response: fc.record({
    status: fc.constant(202),
    headers: fc.constant({}),
    body: fc
      .record({
        task_id: fc.constantFrom(...IDS),
        type: fc.constantFrom('music', 'lyrics'),
        credits_charged: fc.oneof(fc.nat(20), fc.constant(-1), fc.constant(2.5), fc.constant('5')),
        created_at: instant,
      })
      .map((value) => JSON.stringify({ code: 202, data: value })),
  }),
})
const usage: fc.Arbitrary<Exchange> = fc.record({
  at: fc.nat(100_000),
  method: fc.constant('GET'),
  path: fc.constant('/api/v1/account/usage'),
  apiKey: fc.constantFrom(...KEYS),
  contentType: fc.constant(null),
  body: fc.constant(''),
  response: fc.record({
    status: fc.constant(200),
    headers: fc.constant({}),
    body: fc
      .record({ tasks_created: fc.nat(), credits_used: fc.oneof(fc.integer(), fc.double()), credits_topped_up: fc.oneof(fc.integer(), fc.double()) })
      .map((value) => JSON.stringify({ code: 200, data: value })),
  }),
})

describe('Recording (property)', () => {
  it('always writes a scenario the loader accepts, with no key in it', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(exchange, accepted, usage), { maxLength: 40 }), (exchanges) => {
        const recording = new Recording()
        for (const one of exchanges) recording.add(one)
        const yaml = writeScenario(recording.session({ upstream: 'https://api.example.test', wallNow: 0 }))
        const parsed = parseScenario(yaml, 'recorded.yaml')
        if (!parsed.ok) throw new Error(`${parsed.errors.map((error) => `${error.path}: ${error.message}`).join('\n')}\n${yaml}`)
        for (const key of KEYS) expect(yaml).not.toContain(key)
      }),
      { numRuns: RUNS },
    )
  })
})
