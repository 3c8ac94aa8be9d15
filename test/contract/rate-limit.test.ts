/**
 * The rate limit over both doors: per key per minute on the scenario clock, 429 with the real
 * service's message and Retry-After, X-RateLimit-* on every answer; off unless a scenario sets it.
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { describeDoors, type Fake, httpDoor, inProcessDoor, ledgerOf, type Reply } from '../support/doors.js'
import { containerDoors } from '../support/container-door.js'
import { exeDoors } from '../support/exe-door.js'
import { fetchDoor } from '../support/fetch-door.js'
import { browserDoor } from '../support/browser-door.js'

const music = { model: 'music-model', task_type: 'music', input: { gpt_description_prompt: 'a calm piano piece' } }

const scenario = (rateLimit: string, faults = '[]') => `
version: 1
service: { rate_limit: ${rateLimit} }
accounts:
  - { api_key: key-a, credits: 100 }
  - { api_key: key-b, credits: 100 }
faults: ${faults}
`

const limits = (reply: Reply) => ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after'].map((name) => reply.headers.get(name))

describeDoors([inProcessDoor(), fetchDoor(), httpDoor(), browserDoor(), ...exeDoors(), ...containerDoors()])('rate limit: $name', (door) => {
  let fake: Fake
  beforeAll(() => door.setup(), 60_000) // the browser door bundles its page and starts Chromium
  afterAll(() => door.teardown())
  afterEach(() => door.stop())
  const start = async (rateLimit = '{ per_minute: 3 }', faults?: string) => (fake = await door.start(scenario(rateLimit, faults)))
  const create = (key = 'key-a') => fake.call('POST', '/api/v1/task', { key, body: music })
  const usage = (key = 'key-a') => fake.call('GET', '/api/v1/account/usage', { key })

  it('is off by default: no limit, no X-RateLimit headers', async () => {
    await start('null')
    const replies = await Promise.all(Array.from({ length: 30 }, () => usage()))
    expect(replies.every((reply) => reply.status === 200)).toBe(true)
    expect(limits(replies[0]!)).toEqual([null, null, null, null])
  })

  it('admits per_minute requests of a key across endpoints, then answers 429 until the minute is up', async () => {
    await start()
    const id = (await create()).json.data.task_id
    const read = await fake.call('GET', `/api/v1/task/${id}`, { key: 'key-a' })
    expect(limits(read)).toEqual(['3', '1', '60', null])
    fake.mock.clock.advance('15s')
    expect(limits(await usage())).toEqual(['3', '0', '45', null])
    const refused = await usage()
    expect(refused.status).toBe(429)
    expect(refused.json).toEqual({ code: 429, message: 'Rate limit exceeded. Try again in 45 seconds.' })
    expect(limits(refused)).toEqual(['3', '0', '45', '45'])
    fake.mock.clock.advance('44.5s')
    expect((await usage()).json.message).toBe('Rate limit exceeded. Try again in 1 seconds.')
    fake.mock.clock.advance('500ms')
    const again = await usage()
    expect([again.status, ...limits(again)]).toEqual([200, '3', '2', '60', null])
  })

  it('counts each key on its own', async () => {
    await start('{ per_minute: 1 }')
    expect((await usage('key-a')).status).toBe(200)
    expect((await usage('key-a')).status).toBe(429)
    expect((await usage('key-b')).status).toBe(200)
  })

  it('answers a missing or unknown key with 401, uncounted and unlabelled', async () => {
    await start('{ per_minute: 1 }')
    for (const key of [null, 'nobody', 'nobody']) {
      const reply = await fake.call('GET', '/api/v1/account/usage', { key })
      expect([reply.status, ...limits(reply)]).toEqual([401, null, null, null, null])
    }
    expect((await usage()).status).toBe(200)
  })

  it('charges nothing for a create it refuses', async () => {
    await start('{ per_minute: 2 }')
    expect((await create()).status).toBe(202)
    expect((await create()).status).toBe(202)
    expect((await create()).status).toBe(429)
    expect(await ledgerOf(fake, 'key-a')).toMatchObject({ available: 80, frozen: 20, tasks_created: 2 })
  })

  it('comes before faults: a refused request does not use up a fault', async () => {
    await start('{ per_minute: 1 }', '[{ match: { endpoint: usage, times: 1 }, respond: { status: 503 } }]')
    expect((await create()).status).toBe(202)
    expect((await usage()).status).toBe(429)
    fake.mock.clock.advance('1m')
    expect((await usage()).status).toBe(503)
  })

  it("lets a scripted fault's own headers win over the limiter's", async () => {
    await start('{ per_minute: 5 }', '[{ match: { endpoint: usage }, respond: { status: 429, headers: { Retry-After: "2", X-RateLimit-Remaining: "0" } } }]')
    const reply = await usage()
    expect([reply.status, ...limits(reply)]).toEqual([429, '5', '0', '60', '2'])
  })

  it('is reset with the world', async () => {
    await start('{ per_minute: 1 }')
    await usage()
    expect((await usage()).status).toBe(429)
    fake.mock.reset()
    expect((await usage()).status).toBe(200)
  })
})
