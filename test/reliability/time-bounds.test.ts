/**
 * Every instant the fake can reach prints as a date (issue 11): through every driver, a clock
 * move past the horizon is a 400 that names the field and changes nothing, and at the horizon
 * itself reads, lists and a forced end all answer, never a 500.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { allDrivers, type Driven, type Driver } from '../support/admin-drivers.js'
import { createTask, readTask } from '../support/admin-helpers.js'

const SCENARIO = `
version: 1
seed: 5
service: { timeout_after: 87600h }
accounts: [{ api_key: key-a, credits: 100 }]
timelines:
  default: [{ status: pending, polls: 100 }, { status: success }]
`
const HORIZON = '9999-12-31T23:59:59.999Z'
const PAST = `to: the clock cannot pass ${HORIZON}, the fake's horizon`

describe.each(allDrivers())('time bounds: $name', (driver: Driver) => {
  let fake: Driven
  beforeAll(() => driver.setup())
  afterAll(() => driver.teardown())
  afterEach(() => driver.stop())

  it('refuses a clock moved past the horizon with 400 and keeps its reading', async () => {
    fake = await driver.start(SCENARIO)
    const before = (await fake.control.clock.get()).now
    for (const to of ['+275760-09-13T00:00:00.000Z', '+275760-09-12T23:55:00.000Z', '+010000-01-01T00:00:00.000Z']) {
      await expect(fake.control.clock.set(to)).rejects.toMatchObject({ status: 400, message: PAST })
    }
    await expect(fake.control.clock.advance('9999999999h')).rejects.toMatchObject({
      status: 400,
      message: `by: the clock cannot pass ${HORIZON}, the fake's horizon`,
    })
    expect((await fake.control.clock.get()).now).toBe(before)
  })

  it('at the horizon, with a 10-year timeout pending, reads, lists and forced ends answer', async () => {
    fake = await driver.start(SCENARIO)
    const early = await createTask(fake)
    expect((await fake.control.clock.set(HORIZON)).now).toBe(HORIZON)
    expect((await readTask(fake, early)).json.data.status).toBe('timeout') // its 10 years ran out on the way
    // Created at the horizon: their deadlines lie 10 years past it, where no clock goes.
    const id = await createTask(fake)
    const later = await createTask(fake)
    expect((await readTask(fake, id)).status).toBe(200)
    expect((await fake.control.tasks.get(id)).status).toBe('pending')
    expect((await fake.control.tasks.list()).length).toBe(3)
    const forced = await fake.control.tasks.force(id, 'success')
    expect(forced).toMatchObject({ task_id: id, status: 'success', completed_at: HORIZON })
    expect((await readTask(fake, id)).json.data.status).toBe('success')
    expect((await fake.control.tasks.force(later, 'failure', 'stopped')).status).toBe('failure')
    expect((await fake.control.accounts.get('key-a')).events.at(-1)).toMatchObject({ kind: 'refund', at: HORIZON })
    expect((await fake.control.health()).clock).toBe(HORIZON)
  })
})
