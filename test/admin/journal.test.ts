/** The request journal, through every driver: what it records, its filters, its bound, masked keys. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { allDrivers, type Driven, type Driver } from '../support/admin-drivers.js'
import { createTask, readTask, T0 } from '../support/admin-helpers.js'
import { CONTRACT_SCENARIO } from '../support/scenarios.js'

const FAULTS = `${CONTRACT_SCENARIO}
faults:
  - match: { endpoint: usage, times: 1 }
    respond: { status: 429, headers: { Retry-After: "5" } }
  - match: { endpoint: usage, times: 1 }
    drop: true
  - match: { endpoint: usage, times: 1 }
    delay: 5ms
`

describe.each(allDrivers())('admin journal: $name', (driver: Driver) => {
  let fake: Driven
  beforeAll(() => driver.setup())
  afterAll(() => driver.teardown())
  afterEach(() => driver.stop())

  it('records every public request, newest first, with keys masked', async () => {
    fake = await driver.start(CONTRACT_SCENARIO)
    const id = await createTask(fake)
    fake.mock.clock.advance('2s')
    await readTask(fake, id)
    await fake.call('GET', '/api/v1/account/usage', { key: 'sk-live-0123456789' })
    await readTask(fake, 'missing', 'key-b')
    const page = await fake.control.journal()
    expect(page).toMatchObject({ total: 4, recorded: 4, dropped: 0, capacity: 10_000 })
    expect(page.entries.map((entry: { seq: number }) => entry.seq)).toEqual([4, 3, 2, 1])
    const [missing, unknownKey, read, created] = page.entries
    expect(created).toMatchObject({
      at: T0,
      method: 'POST',
      path: '/api/v1/task',
      endpoint: 'create',
      api_key: 'ke…a',
      task_id: id,
      task_type: 'music',
      status: 202,
      task_status: null,
      credits_before: { available: 1000, topped_up: 1000 },
    })
    expect(created.wall).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect(read).toMatchObject({
      at: '2026-01-01T00:00:02.000Z',
      method: 'GET',
      path: `/api/v1/task/${id}`,
      endpoint: 'get_task',
      status: 200,
      task_status: 'pending',
      task_type: 'music',
    })
    expect(unknownKey).toMatchObject({ endpoint: 'usage', api_key: 'sk-l…6789', status: 401 })
    expect(missing).toMatchObject({ endpoint: 'get_task', api_key: 'ke…b', task_id: 'missing', status: 404, task_status: null })
    expect(JSON.stringify(page)).not.toContain('sk-live-0123456789')
  })

  it('filters by key, endpoint, status and task, and limits the page', async () => {
    fake = await driver.start(CONTRACT_SCENARIO)
    const a = await createTask(fake)
    const b = await createTask(fake, 'key-b')
    for (let i = 0; i < 3; i++) await readTask(fake, a)
    await readTask(fake, b, 'key-a')
    const seqs = (page: { entries: Array<{ seq: number }> }) => page.entries.map((entry) => entry.seq)
    expect(seqs(await fake.control.journal({ apiKey: 'key-b' }))).toEqual([2])
    expect(seqs(await fake.control.journal({ endpoint: 'get_task', status: 200 }))).toEqual([5, 4, 3])
    expect(seqs(await fake.control.journal({ taskId: b }))).toEqual([6, 2])
    const limited = await fake.control.journal({ apiKey: 'key-a', limit: 2 })
    expect(limited.total).toBe(5)
    expect(seqs(limited)).toEqual([6, 5])
    await expect(fake.control.journal({ endpoint: 'upload' })).rejects.toMatchObject({
      status: 400,
      message: 'query parameter endpoint: expected one of create, get_task, usage, asset, got "upload"',
    })
    await expect(fake.control.journal({ limit: 0 })).rejects.toMatchObject({
      status: 400,
      message: 'query parameter limit: expected a number of entries, 1 or more, got 0',
    })
  })

  it('keeps the newest entries within its capacity and counts the dropped ones', async () => {
    fake = await driver.start(CONTRACT_SCENARIO, { journalCapacity: 3 })
    for (let i = 0; i < 5; i++) await fake.call('GET', '/api/v1/account/usage')
    const page = await fake.control.journal()
    expect(page).toMatchObject({ total: 3, recorded: 5, dropped: 2, capacity: 3 })
    expect(page.entries.map((entry: { seq: number }) => entry.seq)).toEqual([5, 4, 3])
    expect((await fake.control.report()).journal).toEqual({ recorded: 5, dropped: 2, capacity: 3, complete: false })
  })

  it('records fault outcomes: Retry-After, dropped connections, delays', async () => {
    fake = await driver.start(FAULTS)
    expect((await fake.call('GET', '/api/v1/account/usage')).status).toBe(429)
    await expect(fake.call('GET', '/api/v1/account/usage')).rejects.toThrow()
    expect((await fake.call('GET', '/api/v1/account/usage')).status).toBe(200)
    const [delayed, dropped, limited] = (await fake.control.journal()).entries
    expect(limited).toMatchObject({ status: 429, retry_after_ms: 5000, delay_ms: 0 })
    expect(dropped).toMatchObject({ status: null, retry_after_ms: null })
    expect(delayed).toMatchObject({ status: 200, delay_ms: 5 })
  })
})
