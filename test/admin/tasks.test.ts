/** Admin tasks, through every driver: list with filters, the timeline view, forced final states. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { allDrivers, type Driven, type Driver } from '../support/admin-drivers.js'
import { createTask, music, readTask, T0 } from '../support/admin-helpers.js'
import { CONTRACT_SCENARIO } from '../support/scenarios.js'

describe.each(allDrivers())('admin tasks: $name', (driver: Driver) => {
  let fake: Driven
  beforeAll(() => driver.setup())
  afterAll(() => driver.teardown())
  afterEach(() => driver.stop())
  const start = async () => (fake = await driver.start(CONTRACT_SCENARIO))
  const ids = (views: Array<{ task_id: string }>) => views.map((view) => view.task_id)

  it('lists tasks, filtered by key and by status', async () => {
    await start()
    const a1 = await createTask(fake)
    const a2 = await createTask(fake)
    const b1 = await createTask(fake, 'key-b')
    await readTask(fake, a2)
    await readTask(fake, a2)
    expect(ids(await fake.control.tasks.list())).toEqual([a1, a2, b1])
    expect(ids(await fake.control.tasks.list({ apiKey: 'key-a' }))).toEqual([a1, a2])
    expect(ids(await fake.control.tasks.list({ status: 'running' }))).toEqual([a2])
    expect(ids(await fake.control.tasks.list({ apiKey: 'key-b', status: 'pending' }))).toEqual([b1])
    await expect(fake.control.tasks.list({ status: 'done' })).rejects.toMatchObject({
      status: 400,
      message: 'query parameter status: expected one of pending, running, success, failure, timeout, got "done"',
    })
    await expect(fake.control.tasks.list({ apiKey: 'nobody' })).rejects.toMatchObject({ status: 404, message: 'No account with API key "nobody"' })
  })

  it('shows where a task stands: step, reads, and what moves it next (without counting as a read)', async () => {
    await start()
    const id = await createTask(fake)
    await readTask(fake, id)
    const view = await fake.control.tasks.get(id)
    expect(view).toMatchObject({
      task_id: id,
      api_key: 'key-a',
      type: 'music',
      mode: 'description',
      status: 'pending',
      credits_cost: 10,
      timeline: 'default',
      rule: null,
      deadline: '2026-01-01T00:10:00.000Z',
      position: { step: 0, steps: 3, status: 'pending', entered_at: T0, reads: 1 },
      reads: 1,
      next_transition: { by_reads: { after: 1, status: 'running' }, by_time: { at: '2026-01-01T00:10:00.000Z', status: 'timeout' } },
    })
    await fake.control.tasks.get(id)
    expect((await readTask(fake, id)).json.data.status).toBe('running')
    expect((await fake.control.tasks.get(id)).next_transition.by_reads).toEqual({ after: 2, status: 'success' })
    await expect(fake.control.tasks.get('no-such-task')).rejects.toMatchObject({ status: 404, message: 'No task with id "no-such-task"' })
  })

  it('shows clock-driven steps, and applies what the clock made due', async () => {
    await start()
    const id = await createTask(fake, 'key-a', music('slow please'))
    expect((await fake.control.tasks.get(id)).next_transition).toEqual({ by_reads: null, by_time: { at: '2026-01-01T00:00:05.000Z', status: 'running' } })
    fake.mock.clock.advance('6s')
    const moved = await fake.control.tasks.get(id)
    expect(moved).toMatchObject({ status: 'running', rule: 1, timeline: 'slow', position: { step: 1, entered_at: '2026-01-01T00:00:05.000Z' } })
    expect(moved.next_transition.by_time).toEqual({ at: '2026-01-01T00:00:35.000Z', status: 'success' })
    fake.mock.clock.advance('1m')
    expect(await fake.control.tasks.get(id)).toMatchObject({ status: 'success', completed_at: '2026-01-01T00:00:35.000Z', next_transition: null })
    expect((await fake.control.accounts.get('key-a')).spent).toBe(10)
  })

  it.each([
    ['success', undefined, { spent: 10, available: 990 }, { output: expect.objectContaining({ status: 'completed' }), error: null }],
    ['failure', 'forced by the test', { spent: 0, available: 1000 }, { output: null, error: 'forced by the test' }],
    ['timeout', undefined, { spent: 0, available: 1000 }, { output: null, error: null }],
  ] as const)('forces %s with its ledger effect, and the owner sees it', async (status, error, ledger, shown) => {
    await start()
    fake.mock.clock.advance('2s')
    const id = await createTask(fake)
    const forced = await fake.control.tasks.force(id, status, error)
    expect(forced).toMatchObject({ status, completed_at: '2026-01-01T00:00:02.000Z', next_transition: null })
    expect(await fake.control.accounts.get('key-a')).toMatchObject({ ...ledger, frozen: 0 })
    expect((await readTask(fake, id)).json.data).toMatchObject({ status, ...shown })
  })

  it('refuses to force a final, unknown or wrongly described task', async () => {
    await start()
    const id = await createTask(fake)
    await fake.control.tasks.force(id, 'timeout')
    await expect(fake.control.tasks.force(id, 'success')).rejects.toMatchObject({
      status: 409,
      message: `Task "${id}" is already final (timeout); only an unfinished task can be forced`,
    })
    await expect(fake.control.tasks.force('nope', 'success')).rejects.toMatchObject({ status: 404, message: 'No task with id "nope"' })
    const other = await createTask(fake)
    await expect(fake.control.tasks.force(other, 'done')).rejects.toMatchObject({
      status: 400,
      message: 'status: expected one of success, failure, timeout, got "done"',
    })
    await expect(fake.control.tasks.force(other, 'success', 'why')).rejects.toMatchObject({
      status: 400,
      message: 'error: only a failure has an error message; leave it out for success and timeout',
    })
    expect((await fake.control.tasks.get(other)).status).toBe('pending')
  })
})
