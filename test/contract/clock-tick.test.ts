/**
 * `clock: { mode: manual, tick: D }`: every request to the public API, through any door and
 * whatever it answers, first moves the clock by D; admin calls do not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { httpDoor, inProcessDoor } from '../support/doors.js'
import { fetchDoor } from '../support/fetch-door.js'

const SCENARIO = `
version: 1
clock: { mode: manual, start: "2026-03-01T00:00:00.000Z", tick: 10s }
accounts: [{ api_key: k, credits: 100 }]
timelines:
  default: [{ status: running, for: 30s }, { status: success }]
`
const body = { model: 'music-model', task_type: 'lyrics', input: { prompt: 'tick' } }

describe.each([inProcessDoor(), fetchDoor(), httpDoor()])('a ticking clock through $name', (door) => {
  beforeAll(() => door.setup())
  afterAll(() => door.teardown())

  it('moves 10 s per public request, before the answer, and not on admin calls', async () => {
    const fake = await door.start(SCENARIO)
    try {
      const created = await fake.call('POST', '/api/v1/task', { key: 'k', body })
      expect(created.json.data.created_at).toBe('2026-03-01T00:00:10.000Z')
      expect((await fake.call('GET', '/api/v1/account/usage', { key: 'wrong' })).status).toBe(401) // ticks too: 00:00:20
      await fake.call('GET', '/__admin/accounts')
      expect(fake.mock.clock.now().toISOString()).toBe('2026-03-01T00:00:20.000Z')
      const id = created.json.data.task_id as string
      const reads = []
      for (let read = 0; read < 3; read++) reads.push((await fake.call('GET', `/api/v1/task/${id}`, { key: 'k' })).json.data)
      expect(reads.map((task) => task.status)).toEqual(['running', 'success', 'success'])
      expect(reads[1].completed_at).toBe('2026-03-01T00:00:40.000Z')
    } finally {
      await door.stop()
    }
  })
})
