/**
 * `clock: { mode: manual, tick: D }` (decision 038): each task has its own time. A key's nth
 * task is created n ticks after the clock, and each read by its owner moves that task on by one
 * tick before it answers. The clock itself moves only when told: no request moves it, and no
 * other task's or key's request moves a task. The same through every door.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { httpDoor, inProcessDoor } from '../support/doors.js'
import { fetchDoor } from '../support/fetch-door.js'

const SCENARIO = `
version: 1
clock: { mode: manual, start: "2026-03-01T00:00:00.000Z", tick: 10s }
accounts: [{ api_key: k, credits: 100 }, { api_key: other, credits: 100 }]
timelines:
  default: [{ status: running, for: 30s }, { status: success }]
`
const body = { model: 'music-model', task_type: 'lyrics', input: { prompt: 'tick' } }

describe.each([inProcessDoor(), fetchDoor(), httpDoor()])('tasks on their own time through $name', (door) => {
  beforeAll(() => door.setup())
  afterAll(() => door.teardown())

  it('moves a task 10 s per read by its owner, and nothing else moves it or the clock', async () => {
    const fake = await door.start(SCENARIO)
    try {
      const created = await fake.call('POST', '/api/v1/task', { key: 'k', body })
      expect(created.json.data.created_at).toBe('2026-03-01T00:00:10.000Z')
      const second = await fake.call('POST', '/api/v1/task', { key: 'k', body })
      expect(second.json.data.created_at).toBe('2026-03-01T00:00:20.000Z')
      expect((await fake.call('POST', '/api/v1/task', { key: 'other', body })).json.data.created_at).toBe('2026-03-01T00:00:10.000Z')
      expect((await fake.call('GET', '/api/v1/account/usage', { key: 'wrong' })).status).toBe(401)
      await fake.call('GET', '/api/v1/account/usage', { key: 'k' })
      await fake.call('GET', '/__admin/accounts')
      expect(fake.mock.clock.now().toISOString()).toBe('2026-03-01T00:00:00.000Z')
      const id = created.json.data.task_id as string
      for (let read = 0; read < 3; read++) await fake.call('GET', `/api/v1/task/${second.json.data.task_id as string}`, { key: 'k' })
      const reads = []
      for (let read = 0; read < 3; read++) reads.push((await fake.call('GET', `/api/v1/task/${id}`, { key: 'k' })).json.data)
      expect(reads.map((task) => task.status)).toEqual(['running', 'running', 'success'])
      expect(reads[2].completed_at).toBe('2026-03-01T00:00:40.000Z')
    } finally {
      await door.stop()
    }
  })
})
