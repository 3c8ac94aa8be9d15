/** Admin accounts, through every driver: create, top up, the full ledger, per-key reset, remove. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { allDrivers, type Driven, type Driver } from '../support/admin-drivers.js'
import { createTask, music, readTask, T0, usage } from '../support/admin-helpers.js'
import { CONTRACT_SCENARIO } from '../support/scenarios.js'

describe.each(allDrivers())('admin accounts: $name', (driver: Driver) => {
  let fake: Driven
  beforeAll(() => driver.setup())
  afterAll(() => driver.teardown())
  afterEach(() => driver.stop())
  const start = async () => (fake = await driver.start(CONTRACT_SCENARIO))

  it('creates an account whose key works at once, its credits counted as a top-up', async () => {
    await start()
    const created = await fake.control.accounts.create('worker-1', 50)
    expect(created).toEqual({
      api_key: 'worker-1',
      label: 'work…r-1', // what every view shows instead of the key (unique among the keys in play)
      available: 50,
      frozen: 0,
      spent: 0,
      topped_up: 50,
      tasks_created: 0,
      usage: { tasks_created: 0, credits_used: 0, credits_topped_up: 50 },
      events: [{ kind: 'top_up', credits: 50, task_id: null, at: T0 }],
    })
    expect(await usage(fake, 'worker-1')).toEqual({ tasks_created: 0, credits_used: 0, credits_topped_up: 50 })
    expect((await fake.control.accounts.list()).map((account: { api_key: string }) => account.api_key)).toEqual(['key-a', 'key-b', 'low', 'broke', 'worker-1'])
  })

  it('refuses a key that exists (409) and a bad body (400), changing nothing', async () => {
    await start()
    await expect(fake.control.accounts.create('key-a', 5)).rejects.toMatchObject({
      status: 409,
      message: 'An account with API key "key-a" already exists; top it up or reset it instead',
    })
    await expect(fake.control.accounts.create('', 5)).rejects.toMatchObject({
      status: 400,
      message: 'api_key: expected an API key (a non-empty string), got ""',
    })
    await expect(fake.control.accounts.create('w', -1)).rejects.toMatchObject({
      status: 400,
      message: 'credits: expected a whole number of credits, 0 or more, got -1',
    })
    await expect(fake.control.accounts.create('w', 1.5)).rejects.toMatchObject({
      status: 400,
      message: 'credits: expected a whole number of credits, 0 or more, got 1.5',
    })
    expect((await fake.control.accounts.get('key-a')).topped_up).toBe(1000)
    await expect(fake.control.accounts.get('w')).rejects.toMatchObject({ status: 404, message: 'No account with API key "w"' })
  })

  it('tops up: available and credits_topped_up grow, and a top_up event is added', async () => {
    await start()
    fake.mock.clock.advance('1m')
    const after = await fake.control.accounts.topUp('broke', 30)
    expect(after).toMatchObject({ available: 30, topped_up: 30, usage: { credits_topped_up: 30 } })
    expect(after.events.at(-1)).toEqual({ kind: 'top_up', credits: 30, task_id: null, at: '2026-01-01T00:01:00.000Z' })
    expect(await usage(fake, 'broke')).toEqual({ tasks_created: 0, credits_used: 0, credits_topped_up: 30 })
    expect((await fake.call('POST', '/api/v1/task', { key: 'broke', body: music() })).status).toBe(202)
    await expect(fake.control.accounts.topUp('broke', 0)).rejects.toMatchObject({
      status: 400,
      message: 'credits: expected a whole number of credits, 1 or more, got 0',
    })
    await expect(fake.control.accounts.topUp('nobody', 5)).rejects.toMatchObject({ status: 404 })
  })

  it('shows the full ledger through task lives: freeze, charge, refund', async () => {
    await start()
    const ok = await createTask(fake)
    const failing = await createTask(fake, 'key-a', music('please fail'))
    for (let i = 0; i < 4; i++) await readTask(fake, ok)
    for (let i = 0; i < 2; i++) await readTask(fake, failing)
    const ledger = await fake.control.accounts.get('key-a')
    expect(ledger).toMatchObject({ available: 990, frozen: 0, spent: 10, topped_up: 1000, tasks_created: 2 })
    expect(ledger.events.map((event: { kind: string; task_id: string | null }) => [event.kind, event.task_id])).toEqual([
      ['top_up', null],
      ['freeze', ok],
      ['freeze', failing],
      ['charge', ok],
      ['refund', failing],
    ])
  })

  it('resets one key only: its tasks, events and journal go, other keys keep theirs', async () => {
    await start()
    await fake.control.accounts.create('worker-1', 40)
    const mine = await createTask(fake, 'worker-1')
    const theirs = await createTask(fake, 'key-b')
    await readTask(fake, mine, 'worker-1')
    const fresh = await fake.control.accounts.reset('worker-1')
    expect(fresh).toMatchObject({ available: 40, frozen: 0, spent: 0, topped_up: 40, tasks_created: 0, events: [{ kind: 'top_up', credits: 40 }] })
    expect((await readTask(fake, mine, 'worker-1')).status).toBe(404)
    expect((await fake.control.journal({ apiKey: 'worker-1' })).entries.map((entry: { path: string }) => entry.path)).toEqual([`/api/v1/task/${mine}`])
    expect((await readTask(fake, theirs, 'key-b')).json.data.status).toBe('pending')
    expect((await fake.control.journal({ apiKey: 'key-b' })).total).toBe(2)
    expect((await fake.control.accounts.get('key-b')).tasks_created).toBe(1)
    // An id once handed out is never handed out again: the reset key's ids differ (decision 012).
    expect(await createTask(fake, 'worker-1')).not.toBe(mine)
    expect((await fake.control.accounts.reset('key-a', 7)).available).toBe(7)
  })

  it('removes an account: its key answers 401 and its tasks are gone', async () => {
    await start()
    const id = await createTask(fake, 'key-b')
    expect(await fake.control.accounts.remove('key-b')).toEqual({ api_key: 'key-b', removed: true })
    expect((await fake.call('GET', '/api/v1/account/usage', { key: 'key-b' })).status).toBe(401)
    await expect(fake.control.tasks.get(id)).rejects.toMatchObject({ status: 404 })
    await expect(fake.control.accounts.remove('key-b')).rejects.toMatchObject({ status: 404, message: 'No account with API key "key-b"' })
  })
})
