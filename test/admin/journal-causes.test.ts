/**
 * The journal as devtools (issue 29): why each answer was what it was (a fault by index and line,
 * the rate limit, the ledger, validation with its field, auth), the headers and bodies of each
 * request and response with keys masked, and filters by status class, masked key and text.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { allDrivers, type Driven, type Driver } from '../support/admin-drivers.js'
import { music } from '../support/admin-helpers.js'

const SCENARIO = `version: 1
name: causes
clock: { mode: manual, start: "2026-01-01T00:00:00.000Z" }
service:
  rate_limit: { per_minute: 8 }
accounts:
  - { api_key: sk-live-0123456789, credits: 1000 }
  - { api_key: broke-key, credits: 3 }
faults:
  - match: { endpoint: usage, times: 1 }
    delay: 5ms
  - match: { endpoint: create, nth: 2 }
    respond: { status: 500, message: "upstream exploded" }
  - match: { endpoint: asset, times: 1 }
    respond: { status: 503 }
`
const KEY = 'sk-live-0123456789'

describe.each(allDrivers())('journal causes: $name', (driver: Driver) => {
  let fake: Driven
  beforeAll(() => driver.setup())
  afterAll(() => driver.teardown())
  afterEach(() => driver.stop())

  it('says which fault, ledger, validation, auth or limit answered, and keeps bodies', async () => {
    fake = await driver.start(SCENARIO)
    expect((await fake.call('POST', '/api/v1/task', { key: KEY, body: music() })).status).toBe(202)
    expect((await fake.call('POST', '/api/v1/task', { key: KEY, body: music() })).status).toBe(500)
    expect((await fake.call('POST', '/api/v1/task', { key: 'broke-key', body: music() })).status).toBe(402)
    expect((await fake.call('POST', '/api/v1/task', { key: KEY, body: { model: 'music-model', task_type: 'music', input: {} } })).status).toBe(400)
    expect((await fake.call('GET', '/api/v1/account/usage', { key: 'secnd-key' })).status).toBe(401)
    for (let index = 0; index < 6; index++) await fake.call('GET', '/api/v1/account/usage', { key: KEY })
    const page = await fake.control.journal({ limit: 100 })
    const causes = [...page.entries].reverse().map((entry: { status: number; cause: unknown }) => [entry.status, entry.cause])
    expect(causes.slice(0, 7)).toEqual([
      [202, null],
      [500, { kind: 'fault', index: 1, action: 'respond', line: 12, col: 5, nth: 2, counted: '2nd create, all keys counted' }],
      [402, { kind: 'ledger', available: 3, required: 10 }],
      [400, { kind: 'validation', field: 'input.gpt_description_prompt' }],
      [401, { kind: 'auth', reason: 'invalid_key' }],
      [200, { kind: 'fault', index: 0, action: 'delay', line: 10, col: 5, nth: 1, counted: '1st usage request, all keys counted' }],
      [200, null],
    ])
    expect(causes.at(-1)).toEqual([429, { kind: 'rate_limit' }])

    const fiveHundreds = await fake.control.journal({ status: '5xx' })
    expect(fiveHundreds.entries.map((entry: { status: number }) => entry.status)).toEqual([500])
    const fourHundreds = await fake.control.journal({ status: '4xx' })
    expect(fourHundreds.entries.map((entry: { status: number }) => entry.status)).toEqual([429, 401, 400, 402])
    const byMasked = await fake.control.journal({ apiKey: 'sk-l…6789', endpoint: 'create' })
    expect(byMasked.total).toBe(3)
    const byText = await fake.control.journal({ text: 'EXPLODED' })
    expect(byText.entries.map((entry: { seq: number }) => entry.seq)).toEqual([2])
  })

  it('refuses an unknown status class with the classes it knows', async () => {
    fake = await driver.start(SCENARIO)
    await expect(fake.control.journal({ status: '6xx' })).rejects.toThrow(/2xx, 4xx, 5xx/)
  })
})

describe('one journal entry with its headers and bodies (HTTP)', () => {
  const driver = allDrivers().find((candidate) => candidate.name.includes('HTTP'))!
  beforeAll(() => driver.setup())
  afterAll(() => driver.teardown())
  afterEach(() => driver.stop())

  it('keeps the request and response, with the key masked and long bodies cut', async () => {
    const fake = await driver.start(SCENARIO)
    await fake.call('POST', '/api/v1/task', { key: KEY, body: music() })
    await fake.call('POST', '/api/v1/task', { key: KEY, body: music(`${KEY} ${'x'.repeat(5000)}`) })
    const first = (await fake.call('GET', '/__admin/journal/1')).json as Record<string, any>
    expect(first.exchange.request).toEqual({
      headers: { 'x-api-key': 'sk-l…6789', 'content-type': 'application/json' },
      body: JSON.stringify(music()),
      truncated: null,
    })
    expect(first.exchange.response.body).toMatch(/^\{"code":202,"data":\{"task_id":/)
    const second = (await fake.call('GET', '/__admin/journal/2')).json as Record<string, any>
    expect(second.cause).toMatchObject({ kind: 'fault', index: 1, line: 12 })
    expect(second.exchange.request.body).toHaveLength(4096)
    expect(second.exchange.request.truncated).toBeGreaterThan(5000)
    expect(second.exchange.request.body).not.toContain(KEY)
    expect(second.exchange.response).toEqual({
      headers: expect.objectContaining({ 'content-type': 'application/json' }),
      body: '{"code":500,"message":"upstream exploded"}',
      truncated: null,
    })
    expect((await fake.call('GET', '/__admin/journal/99')).status).toBe(404)
    // Media files too: the fault that answered, then the 404 of a clip no task has.
    expect((await fake.call('GET', '/assets/audio/nothing.wav')).status).toBe(503)
    expect((await fake.call('GET', '/assets/audio/nothing.wav')).status).toBe(404)
    const media = await fake.control.journal({ endpoint: 'asset' })
    expect(media.entries.map((entry: { cause: unknown }) => entry.cause)).toEqual([
      { kind: 'not_found' },
      { kind: 'fault', index: 2, action: 'respond', line: 14, col: 5, nth: 1, counted: '1st asset request, all keys counted' },
    ])
  })
})
