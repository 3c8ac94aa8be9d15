/**
 * Hostile bodies on the admin routes, generated with fast-check, on the in-process door and the
 * standalone server: wrong types in every field of every admin body, hostile extra keys,
 * malformed and deeply nested JSON, garbage scenarios. Pass: never a 5xx, every error
 * `{code, message}`, a rejected request changes no account, task or clock reading, the ledger
 * invariant holds after every accepted one, no prototype polluted.
 */
import fc from 'fast-check'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { httpDoor, inProcessDoor, type Door, type Fake } from '../support/doors.js'
import {
  anyJson,
  call,
  expectLedgers,
  expectNoPollution,
  expectSound,
  field,
  malformedText,
  nasty,
  objectWith,
  RUNS,
  segment,
  snapshot,
} from '../support/hostile.js'

const SCENARIO = `
version: 1
seed: 9
accounts:
  - { api_key: key-a, credits: 1000 }
  - { api_key: key-b, credits: 1000 }
`
const music = JSON.stringify({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: 'calm' } })
const key = fc.oneof(fc.constantFrom('key-a', 'key-b', 'nobody'), segment)
const credits = fc.integer({ min: 0, max: 1000 })

/** Each admin route that takes a JSON body, with a generator of the bodies a careless or hostile client sends. */
const routes: Array<{ name: string; method: string; path: (id: string) => fc.Arbitrary<string>; body: fc.Arbitrary<unknown> }> = [
  {
    name: 'accounts create',
    method: 'POST',
    path: () => fc.constant('/__admin/accounts'),
    body: objectWith({ api_key: field(fc.constantFrom('key-a', 'new-key')), credits: field(credits) }),
  },
  { name: 'top-up', method: 'POST', path: () => key.map((k) => `/__admin/accounts/${k}/top-up`), body: objectWith({ credits: field(credits) }) },
  { name: 'account reset', method: 'POST', path: () => key.map((k) => `/__admin/accounts/${k}/reset`), body: objectWith({ credits: field(credits) }) },
  {
    name: 'clock advance',
    method: 'POST',
    path: () => fc.constant('/__admin/clock/advance'),
    body: objectWith({ by: field(fc.constantFrom('5s', '1h', 250, '-5m', '99999999999h', '1e9999ms')) }),
  },
  {
    name: 'clock set',
    method: 'POST',
    path: () => fc.constant('/__admin/clock/set'),
    body: objectWith({
      to: field(fc.constantFrom('2026-01-02T00:00:00.000Z', '1970-01-01T00:00:00Z', '+275760-09-13T00:00:00.000Z', 'tomorrow', '2026-13-45')),
    }),
  },
  {
    name: 'task force',
    method: 'POST',
    path: (id) => fc.oneof(fc.constant(id), segment).map((t) => `/__admin/tasks/${t}/force`),
    body: objectWith({ status: field(fc.constantFrom('success', 'failure', 'timeout', 'running')), error: field(fc.constantFrom('upstream said no', '')) }),
  },
]

describe.each([inProcessDoor(), httpDoor()])('hostile admin bodies: $name', (door: Door) => {
  let fake: Fake
  let task: string
  beforeAll(() => door.setup())
  afterAll(() => door.teardown())
  beforeEach(async () => {
    fake = await door.start(SCENARIO)
    const created = await call(fake.origin, 'POST', '/api/v1/task', { body: music, headers: { 'x-api-key': 'key-a', 'content-type': 'application/json' } })
    task = created.json.data.task_id
  })
  afterEach(async () => {
    expectNoPollution()
    await door.stop()
  })

  /** Sends the request; a rejected one must leave the state exactly as it was, an accepted one must keep the ledgers sound. */
  async function probe(method: string, path: string, body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) {
    const before = snapshot(fake.mock)
    const reply = await call(fake.origin, method, path, { body, headers })
    const what = `${method} ${path.slice(0, 120)} ${body.slice(0, 200)}`
    expectSound(reply, what)
    if (reply.status >= 400) expect(snapshot(fake.mock), `state changed by a rejected ${what}`).toBe(before)
    expectLedgers(fake.mock)
    expectNoPollution()
    return reply
  }

  it.each(routes)('$name: any body gets 2xx or a JSON 4xx, and a 4xx changes nothing', async (route) => {
    await fc.assert(
      fc.asyncProperty(route.path(task), fc.oneof(route.body, anyJson), async (path, value) => {
        const reply = await probe(route.method, path, JSON.stringify(value) ?? 'null')
        // 405: a path like `/accounts/./top-up` that the client's URL parser folds into another route
        expect([200, 201, 400, 404, 405, 409]).toContain(reply.status)
      }),
      { numRuns: RUNS },
    )
  })

  it.each(routes)('$name: malformed, deep or polluting JSON text gets a JSON 4xx and changes nothing', async (route) => {
    await fc.assert(
      fc.asyncProperty(route.path(task), malformedText, async (path, text) => {
        const reply = await probe(route.method, path, text)
        // Accepted only when the text is JSON after all, or empty where a body is optional (or `..` folded the path into /__admin/reset).
        if (reply.status < 400 && text.trim() !== '') expect(() => JSON.parse(text)).not.toThrow()
      }),
      { numRuns: RUNS },
    )
  })

  it('reset and scenario: garbage YAML or JSON scenarios are refused whole (400), valid ones load', async () => {
    const scenarioText = fc.oneof(
      malformedText,
      anyJson.map((value) => JSON.stringify(value) ?? ''),
      objectWith({
        version: field(fc.constant(1)),
        seed: field(fc.nat()),
        accounts: field(fc.array(objectWith({ api_key: field(nasty), credits: field(credits) }), { maxLength: 3 })),
      }).map((value) => JSON.stringify(value)),
      fc.constantFrom(
        'version: 1\naccounts: [{api_key: x, credits: 1, __proto__: {polluted: true}}]',
        'version: 1\n&a [*a]',
        'version: 1\nseed: !!js/function "x"',
        'a: &a {b: *a}',
        ': : :',
        '{"version":1,"__proto__":{"polluted":true}}',
      ),
    )
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(['POST', '/__admin/reset'], ['PUT', '/__admin/scenario']), scenarioText, async ([method, path], text) => {
        const reply = await probe(method!, path!, text, { 'content-type': 'application/yaml' })
        expect([200, 400]).toContain(reply.status)
      }),
      { numRuns: RUNS },
    )
  })

  it('refuses a body over the admin limit with a JSON 413 and changes nothing', async () => {
    const huge = `{"credits":${'1'.repeat(5 * 1024 * 1024 + 10)}}`
    const reply = await probe('POST', '/__admin/accounts/key-a/top-up', huge)
    expect(reply.status).toBe(413)
  })
})
