/** The task store is bounded: past service.max_tasks a create answers 503, charges nothing, and no stored task is lost. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { httpDoor, inProcessDoor, type Door } from '../support/doors.js'

const SCENARIO = 'version: 1\nservice: { max_tasks: 3 }\naccounts: [{ api_key: key-a, credits: 100 }, { api_key: key-b, credits: 100 }]\n'
const lyrics = { model: 'music-model', task_type: 'lyrics', input: { prompt: 'x' } }

describe.each([inProcessDoor(), httpDoor()])('task store cap: $name', (door: Door) => {
  beforeAll(() => door.setup())
  afterAll(() => door.teardown())
  afterEach(() => door.stop())

  it('refuses creates past the cap with 503 and keeps every task it accepted', async () => {
    const fake = await door.start(SCENARIO)
    const ids: string[] = []
    for (const key of ['key-a', 'key-b', 'key-a']) ids.push((await fake.call('POST', '/api/v1/task', { key, body: lyrics })).json.data.task_id)
    const usageBefore = (await fake.call('GET', '/api/v1/account/usage', { key: 'key-b' })).text
    const refused = await fake.call('POST', '/api/v1/task', { key: 'key-b', body: lyrics })
    expect(refused.json).toEqual({
      code: 503,
      message: 'Task store full: the fake keeps at most 3 tasks (service.max_tasks); reset it (POST /__admin/reset) or raise the cap',
    })
    expect((await fake.call('GET', '/api/v1/account/usage', { key: 'key-b' })).text).toBe(usageBefore)
    for (const [index, id] of ids.entries()) {
      expect((await fake.call('GET', `/api/v1/task/${id}`, { key: index === 1 ? 'key-b' : 'key-a' })).status).toBe(200)
    }
    fake.mock.accounts.reset('key-a')
    expect((await fake.call('POST', '/api/v1/task', { key: 'key-b', body: lyrics })).status).toBe(202)
  })
})
