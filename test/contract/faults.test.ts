/**
 * Faults over both doors: every action (respond, delay, drop, stale) on every public endpoint,
 * with nth, times and probability, and the promise that a fault on create never charges.
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { describeDoors, type Fake, httpDoor, inProcessDoor, ledgerOf } from '../support/doors.js'
import { containerDoors } from '../support/container-door.js'
import { exeDoors } from '../support/exe-door.js'
import { fetchDoor } from '../support/fetch-door.js'
import { browserDoor } from '../support/browser-door.js'

const music = { model: 'music-model', task_type: 'music', input: { gpt_description_prompt: 'a calm piano piece' } }
const lyrics = { model: 'music-model', task_type: 'lyrics', input: { prompt: 'the sea' } }

/** A scenario whose faults are `faults` (YAML list items, indented by two spaces). */
const withFaults = (faults: string, service = '') => `
version: 1
seed: 5
service: { timeout_after: 10m${service} }
accounts:
  - { api_key: key-a, credits: 100 }
  - { api_key: key-b, credits: 100 }
timelines:
  default: [{ status: pending, polls: 1 }, { status: running, for: 30s }, { status: success }]
faults:
${faults}
`

describeDoors([inProcessDoor(), fetchDoor(), httpDoor(), browserDoor(), ...exeDoors(), ...containerDoors()])('faults: $name', (door) => {
  let fake: Fake
  beforeAll(() => door.setup(), 60_000) // the browser door bundles its page and starts Chromium
  afterAll(() => door.teardown())
  afterEach(() => door.stop())
  const start = async (faults: string) => (fake = await door.start(withFaults(faults)))
  const create = (body: unknown = music, key = 'key-a') => fake.call('POST', '/api/v1/task', { key, body })
  const read = (id: string, key = 'key-a') => fake.call('GET', `/api/v1/task/${id}`, { key })
  const usage = (key = 'key-a') => fake.call('GET', '/api/v1/account/usage', { key })
  const untouched = { tasks_created: 0, credits_used: 0, credits_topped_up: 100 }

  it.each([
    ['create', 500, 'Internal server error'],
    ['create', 503, 'Service unavailable'],
    ['get_task', 502, 'Bad gateway: the upstream provider did not answer'],
    ['usage', 500, 'Internal server error'],
  ])('respond on %s: %i with a standard message when none is given', async (endpoint, status, message) => {
    await start(`  - { match: { endpoint: ${endpoint} }, respond: { status: ${status} } }`)
    const reply = endpoint === 'create' ? await create() : endpoint === 'usage' ? await usage() : await read('any-id')
    expect(reply.status).toBe(status)
    expect(reply.json).toEqual({ code: status, message })
  })

  it('respond with a message and headers: a 429 with Retry-After', async () => {
    await start('  - { match: { endpoint: create }, respond: { status: 429, message: "Slow down", headers: { Retry-After: "7" } } }')
    const reply = await create()
    expect([reply.status, reply.headers.get('retry-after')]).toEqual([429, '7'])
    expect(reply.json).toEqual({ code: 429, message: 'Slow down' })
  })

  it('a respond fault on create charges nothing and uses no task number', async () => {
    await start('  - { match: { endpoint: create, times: 2 }, respond: { status: 500 } }')
    expect((await create()).status).toBe(500)
    expect((await create(lyrics)).status).toBe(500)
    expect((await usage()).json.data).toEqual(untouched)
    const created = await create()
    expect(created.status).toBe(202)
    await door.stop()
    await start('  []')
    expect((await create()).json.data.task_id).toBe(created.json.data.task_id)
  })

  it('drop closes the connection on every endpoint; a dropped create charges nothing', async () => {
    await start('  - { match: { api_key: key-b }, drop: true }')
    const id = (await create()).json.data.task_id
    await expect(create(music, 'key-b')).rejects.toThrow()
    await expect(read(id, 'key-b')).rejects.toThrow()
    await expect(usage('key-b')).rejects.toThrow()
    expect((await read(id)).status).toBe(200)
    expect(await ledgerOf(fake, 'key-b')).toMatchObject({ available: 100, frozen: 0, tasks_created: 0 })
  })

  it.each(['create', 'get_task', 'usage'])('delay on %s answers normally, that much later', async (endpoint) => {
    await start(`  - { match: { endpoint: ${endpoint} }, delay: 80ms }`)
    const id = endpoint === 'get_task' ? (await create()).json.data.task_id : 'unused'
    const started = performance.now()
    const reply = endpoint === 'create' ? await create() : endpoint === 'usage' ? await usage() : await read(id)
    expect(performance.now() - started).toBeGreaterThanOrEqual(75)
    expect(reply.status).toBe(endpoint === 'create' ? 202 : 200)
  })

  it('stale on get_task answers the last known state: no step moves by reads or by time', async () => {
    await start('  - { match: { endpoint: get_task, nth: 2 }, stale: true }\n  - { match: { endpoint: get_task, nth: 4 }, stale: true }')
    const id = (await create()).json.data.task_id
    const first = await read(id)
    expect(first.json.data.status).toBe('pending')
    expect((await read(id)).text).toBe(first.text) // stale: the poll that would leave pending does not count
    expect((await read(id)).json.data.status).toBe('running')
    fake.mock.clock.advance('30s')
    expect((await read(id)).json.data.status).toBe('running') // stale: the step's 30 s are up, but upstream is not asked
    expect((await read(id)).json.data).toMatchObject({ status: 'success', completed_at: '2026-01-01T00:00:30.000Z' })
  })

  it('stale on usage shows the ledger as last known: a due timeout is not yet refunded', async () => {
    await start('  - { match: { endpoint: usage, nth: 1 }, stale: true }')
    await create()
    fake.mock.clock.advance('10m')
    expect((await usage()).json.data).toEqual({ tasks_created: 1, credits_used: 10, credits_topped_up: 100 })
    expect((await usage()).json.data).toEqual({ tasks_created: 1, credits_used: 0, credits_topped_up: 100 })
  })

  it('a stale fault on any endpoint passes creates by, uncounted', async () => {
    await start('  - { match: { endpoint: any, times: 1 }, stale: true }')
    const id = (await create()).json.data.task_id
    expect((await read(id)).json.data.status).toBe('pending')
    expect((await read(id)).json.data.status).toBe('pending') // the one stale read: the first read's poll was not followed
    expect((await read(id)).json.data.status).toBe('running')
  })

  it('matches faults by task type: only reads of lyrics tasks fail', async () => {
    await start('  - { match: { endpoint: get_task, task_type: lyrics }, respond: { status: 502 } }')
    const song = (await create()).json.data.task_id
    const words = (await create(lyrics)).json.data.task_id
    expect((await read(song)).status).toBe(200)
    expect((await read(words)).status).toBe(502)
    expect((await read(words, 'key-b')).status).toBe(404) // another key's task has no type to match
  })

  it('draws probability from the seed: the same requests meet the same faults on every run', async () => {
    const pattern = async () => {
      await start('  - { match: { endpoint: usage, probability: 0.5 }, respond: { status: 503 } }')
      const statuses: number[] = []
      for (let i = 0; i < 24; i++) statuses.push((await usage()).status)
      await door.stop()
      return statuses
    }
    const first = await pattern()
    expect(await pattern()).toEqual(first)
    expect(first.filter((s) => s === 503).length).toBeGreaterThan(4)
    expect(first.filter((s) => s === 200).length).toBeGreaterThan(4)
  })
})
