/** Admin health, clock and resets, through every driver. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { allDrivers, type Driven, type Driver } from '../support/admin-drivers.js'
import { createTask, readTask, T0, usage } from '../support/admin-helpers.js'
import { CONTRACT_SCENARIO } from '../support/scenarios.js'

const OTHER = `
version: 1
name: other
accounts: [{ api_key: other-key, credits: 3 }]
`

describe.each(allDrivers())('admin clock and reset: $name', (driver: Driver) => {
  let fake: Driven
  beforeAll(() => driver.setup())
  afterAll(() => driver.teardown())
  afterEach(() => driver.stop())
  const start = async () => (fake = await driver.start(CONTRACT_SCENARIO))

  it('reports health: scenario, seed, clock, counts', async () => {
    await start()
    await createTask(fake)
    expect(await fake.control.health()).toEqual({
      status: 'ok',
      scenario: 'contract',
      seed: 7,
      clock: T0,
      accounts: 4,
      tasks: 1,
      journal: { size: 1, recorded: 1, dropped: 0, capacity: 10_000 },
    })
  })

  it('reads, advances and sets the clock; it never goes back', async () => {
    await start()
    expect((await fake.control.clock.get()).now).toBe(T0)
    expect((await fake.control.clock.advance('5m')).now).toBe('2026-01-01T00:05:00.000Z')
    expect((await fake.control.clock.advance(1500)).now).toBe('2026-01-01T00:05:01.500Z')
    expect((await fake.control.clock.set('2026-01-01T01:00:00Z')).now).toBe('2026-01-01T01:00:00.000Z')
    await expect(fake.control.clock.advance('5 minutes')).rejects.toMatchObject({
      status: 400,
      message: 'by: expected a duration like 150ms, 5s, 10m or 1h, got "5 minutes"',
    })
    await expect(fake.control.clock.set('yesterday')).rejects.toMatchObject({ status: 400, message: 'to: expected an ISO 8601 instant, got "yesterday"' })
    await expect(fake.control.clock.set(T0)).rejects.toMatchObject({
      status: 400,
      message: 'to: the clock only moves forward: 2026-01-01T00:00:00.000Z is before 2026-01-01T01:00:00.000Z',
    })
    expect((await fake.control.clock.get()).now).toBe('2026-01-01T01:00:00.000Z')
  })

  it('times a task out when the clock passes its deadline, with a refund', async () => {
    await start()
    const id = await createTask(fake)
    await fake.control.clock.advance('10m')
    expect(await fake.control.tasks.get(id)).toMatchObject({ status: 'timeout', completed_at: '2026-01-01T00:10:00.000Z' })
    expect(await usage(fake)).toEqual({ tasks_created: 1, credits_used: 0, credits_topped_up: 1000 })
  })

  it("resets everything to the scenario's start: tasks, added accounts, ledgers, clock, journal", async () => {
    await start()
    const id = await createTask(fake)
    await fake.control.accounts.create('worker-1', 5)
    await fake.control.accounts.topUp('key-a', 5)
    await fake.control.clock.advance('1h')
    const health = await fake.control.reset()
    expect(health).toMatchObject({ scenario: 'contract', clock: T0, accounts: 4, tasks: 0, journal: { size: 0, recorded: 0 } })
    expect((await readTask(fake, id)).status).toBe(404)
    expect(await usage(fake)).toEqual({ tasks_created: 0, credits_used: 0, credits_topped_up: 1000 })
    expect((await fake.call('GET', '/api/v1/account/usage', { key: 'worker-1' })).status).toBe(401)
  })

  it('resets to a new scenario sent as YAML or as JSON', async () => {
    await start()
    expect(await fake.control.reset(OTHER)).toMatchObject({ scenario: 'other', accounts: 1, tasks: 0 })
    expect(await usage(fake, 'other-key')).toEqual({ tasks_created: 0, credits_used: 0, credits_topped_up: 3 })
    expect((await fake.call('GET', '/api/v1/account/usage')).status).toBe(401)
    const json = JSON.stringify({ version: 1, name: 'as-json', accounts: [{ api_key: 'j', credits: 1 }] })
    expect(await fake.control.reset(json)).toMatchObject({ scenario: 'as-json', accounts: 1 })
  })

  it('refuses an invalid scenario with the same FILE:LINE:COL messages as a file, and keeps the current one', async () => {
    await start()
    const id = await createTask(fake)
    const broken = 'version: 1\nacounts: []\nclock: { mode: manul }\n'
    const error = await fake.control.reset(broken).then(
      () => null,
      (caught: { status: number; message: string }) => caught,
    )
    expect(error?.status).toBe(400)
    const lines = error!.message.split('\n')
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatch(/^<[a-z ]+>:2:1: acounts: unknown key "acounts"; did you mean "accounts"\?$/)
    expect(lines[1]).toMatch(/^<[a-z ]+>:3:16: clock\.mode: unknown mode "manul"; did you mean "manual"\?$/)
    expect((await readTask(fake, id)).status).toBe(200)
    expect((await fake.control.health()).scenario).toBe('contract')
  })
})
