/**
 * Faults act the same through every door: the standalone server applies the api layer's
 * outcome itself (a dropped connection destroys the socket, a delay holds the answer),
 * where the msw handlers do it through msw.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { expressDoor, httpDoor, inProcessDoor, type Door, type Fake } from '../support/doors.js'
import { fetchDoor } from '../support/fetch-door.js'

const SCENARIO = `
version: 1
seed: 5
accounts: [{ api_key: key-a, credits: 100 }]
faults:
  - match: { endpoint: usage, nth: 1 }
    drop: true
  - match: { endpoint: usage, nth: 2 }
    delay: 20ms
  - match: { endpoint: create, nth: 1 }
    respond: { status: 503, headers: { Retry-After: "5" } }
  - match: { endpoint: get_task, nth: 1 }
    respond: { status: 500, message: "upstream exploded" }
`

const music = { model: 'music-model', task_type: 'music', input: { gpt_description_prompt: 'faults' } }

describe.each([inProcessDoor(), fetchDoor(), httpDoor(), expressDoor()])('faults: $name', (door: Door) => {
  let fake: Fake
  beforeAll(() => door.setup())
  afterAll(() => door.teardown())
  afterEach(() => door.stop())

  it('drops the connection, then answers the next request (after its delay)', async () => {
    fake = await door.start(SCENARIO)
    await expect(fake.call('GET', '/api/v1/account/usage')).rejects.toThrow()
    const delayed = await fake.call('GET', '/api/v1/account/usage')
    expect(delayed.json).toEqual({ code: 200, data: { tasks_created: 0, credits_used: 0, credits_topped_up: 100 } })
  })

  it('answers a scripted status with its headers, and charges nothing for it', async () => {
    fake = await door.start(SCENARIO)
    const refused = await fake.call('POST', '/api/v1/task', { body: music })
    expect(refused.status).toBe(503)
    expect(refused.headers.get('retry-after')).toBe('5')
    expect(refused.json).toEqual({ code: 503, message: 'Service unavailable' })
    const created = await fake.call('POST', '/api/v1/task', { body: music })
    expect(created.status).toBe(202)
    const failed = await fake.call('GET', `/api/v1/task/${created.json.data.task_id}`)
    expect(failed.json).toEqual({ code: 500, message: 'upstream exploded' })
    expect((await fake.call('GET', `/api/v1/task/${created.json.data.task_id}`)).json.data.status).toBe('pending')
  })
})
