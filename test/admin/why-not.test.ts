/**
 * Issue 39, "QA sees why not": the fault and rule counters (`GET /__admin/faults`, `/rules`:
 * matched, fired, next to fire), the cause saying how a counter counted ("3rd create, all keys
 * counted"), and a request's near misses with the one field that differed
 * (`GET /__admin/journal/{seq}`).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { allDrivers, type Driven, type Driver } from '../support/admin-drivers.js'
import { createTask, music, readTask } from '../support/admin-helpers.js'

const SCENARIO = `version: 1
name: why-not
clock: { mode: manual, start: "2026-01-01T00:00:00.000Z" }
accounts:
  - { api_key: qa-key-0001, credits: 1000 }
  - { api_key: other-key-02, credits: 1000 }
faults:
  - match: { endpoint: create, nth: 3 }
    respond: { status: 500 }
  - match: { endpoint: get_task, api_key: qa-key-0001, times: 1 }
    delay: 1ms
  - match: { endpoint: usage, probability: 0.5 }
    delay: 1ms
rules:
  - match: { task_type: music, input: { gpt_description_prompt: { contains: fail } } }
    timeline: [{ status: failure, error: rejected }]
  - match: { task_type: lyrics, nth: 2 }
    timeline: [{ status: timeout }]
`
const QA = 'qa-key-0001'
const OTHER = 'other-key-02'

describe.each(allDrivers())('why a fault or rule fired, or not: $name', (driver: Driver) => {
  let fake: Driven
  beforeAll(() => driver.setup())
  afterAll(() => driver.teardown())
  afterEach(() => driver.stop())

  it('counts every key for a fault without api_key, and says so in the cause and the counters', async () => {
    fake = await driver.start(SCENARIO)
    const before = await fake.control.faults()
    expect(before.faults[0]).toMatchObject({
      index: 0,
      line: 8,
      col: 5,
      action: 'respond',
      match: { endpoint: 'create', api_key: null, task_type: null, nth: 3, times: null, probability: null },
      counts: 'creates, all keys counted',
      matched: 0,
      fired: 0,
      next: { match: 3, in: 3 },
      note: 'fires on the 3rd create, all keys counted: 3 more to go',
    })
    await createTask(fake, QA)
    await createTask(fake, OTHER)
    // QA's 2nd create is the fault's 3rd match: the other key's create counted.
    expect((await fake.call('POST', '/api/v1/task', { key: QA, body: music() })).status).toBe(500)
    const [fivehundred] = (await fake.control.journal({ status: 500 })).entries
    expect(fivehundred.cause).toEqual({ kind: 'fault', index: 0, action: 'respond', line: 8, col: 5, nth: 3, counted: '3rd create, all keys counted' })
    await createTask(fake, QA)
    const after = await fake.control.faults()
    expect(after.faults[0]).toMatchObject({ matched: 4, fired: 1, next: null, note: 'nth 3 passed (4 matched): it never fires again' })
  })

  it('tells the task a rule takes next, and what a rule counted', async () => {
    fake = await driver.start(SCENARIO)
    const lyrics = { model: 'music-model', task_type: 'lyrics', input: { prompt: 'rain' } }
    await createTask(fake, QA, lyrics)
    const { rules } = await fake.control.rules()
    expect(rules[1]).toMatchObject({
      index: 1,
      line: 17,
      timeline: 'rules.1',
      one_of: null,
      match: { task_type: 'lyrics', nth: 2 },
      counts: 'lyrics tasks, all keys counted',
      matched: 1,
      taken: 0,
      next: { match: 2, in: 1 },
      note: 'takes the 2nd lyrics task, all keys counted: 1 more to go',
    })
    expect(rules[0]).toMatchObject({
      counts: 'music tasks whose gpt_description_prompt contains "fail", all keys counted',
      matched: 0,
      next: { match: 1, in: 1 },
    })
  })

  it('gives the fault a probability fires on next, drawn from the seed, and it fires there', async () => {
    fake = await driver.start(SCENARIO)
    const { next } = (await fake.control.faults()).faults[2]
    expect(next.match).toBeGreaterThanOrEqual(1)
    for (let read = 1; read < next.match; read++) await fake.call('GET', '/api/v1/account/usage', { key: QA })
    expect((await fake.control.faults()).faults[2]).toMatchObject({ matched: next.match - 1, fired: 0, next: { match: next.match, in: 1 } })
    await fake.call('GET', '/api/v1/account/usage', { key: QA })
    expect((await fake.control.faults()).faults[2]).toMatchObject({ matched: next.match, fired: 1 })
  })
})

describe('near misses of one request (GET /__admin/journal/{seq})', () => {
  const driver = allDrivers().find((candidate) => candidate.name.includes('HTTP'))!
  beforeAll(() => driver.setup())
  afterAll(() => driver.teardown())
  afterEach(() => driver.stop())

  const detail = async (fake: Driven, seq: number) => (await fake.call('GET', `/__admin/journal/${seq}`)).json as Record<string, any>

  it('names the fault that almost fired and the field that differed', async () => {
    const fake = await driver.start(SCENARIO)
    await createTask(fake, OTHER) // 1
    await createTask(fake, OTHER) // 2
    await fake.call('POST', '/api/v1/task', { key: OTHER, body: music() }) // 3: the 500
    const mine = await createTask(fake, QA, music('please fail')) // 4
    await readTask(fake, mine, OTHER) // 5: another key's read (404)
    await readTask(fake, mine, QA) // 6: the get_task delay fires (times 1)
    await readTask(fake, mine, QA) // 7: times used up

    const fourth = await detail(fake, 4)
    expect(fourth.cause).toBeNull()
    expect(fourth.near_misses).toEqual([
      {
        part: 'faults',
        index: 0,
        line: 8,
        col: 5,
        field: 'nth',
        wanted: 3,
        got: 4,
        message: 'faults[0] (line 8) fires on the 3rd create, all keys counted; this was the 4th',
      },
    ])
    const fifth = await detail(fake, 5)
    expect(fifth.near_misses).toEqual([expect.objectContaining({ part: 'faults', index: 1, field: 'api_key', wanted: 'qa-k…001', got: 'othe…y-02' })])
    expect(fifth.near_misses[0].message).toBe('faults[1] (line 10) wants api_key "qa-k…001"; this request had "othe…y-02"')
    const seventh = await detail(fake, 7)
    expect(seventh.near_misses).toEqual([
      expect.objectContaining({ index: 1, field: 'times', wanted: 1, got: 1, message: 'faults[1] (line 10) applies at most 1 times and already did 1' }),
    ])
  })

  it('names the rule a create almost took: an input field, or an nth not reached', async () => {
    const fake = await driver.start(SCENARIO)
    await createTask(fake, QA, music('a calm song')) // 1
    await createTask(fake, QA, { model: 'music-model', task_type: 'lyrics', input: { prompt: 'rain' } }) // 2
    const first = await detail(fake, 1)
    expect(first.near_misses).toContainEqual({
      part: 'rules',
      index: 0,
      line: 15,
      col: 5,
      field: 'input.gpt_description_prompt',
      wanted: { contains: 'fail' },
      got: 'a calm song',
      message: 'rules[0] (line 15) wants input.gpt_description_prompt contains "fail"; this task had "a calm song"',
    })
    const second = await detail(fake, 2)
    expect(second.near_misses).toContainEqual(
      expect.objectContaining({
        part: 'rules',
        index: 1,
        field: 'nth',
        wanted: 2,
        got: 1,
        message: 'rules[1] (line 17) takes the 2nd lyrics task, all keys counted; this was the 1st',
      }),
    )
  })
})
