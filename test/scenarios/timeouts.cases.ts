/** scenarios/timeouts.yaml over HTTP: service.timeout_after ends unfinished tasks as timeout, refunded; lyrics time out upstream. */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { bodies, serveBundled, type Served } from '../support/bundled.js'

/** Registers the cases (called by library.test.ts, which runs every scenario in one worker). */
export function cases(): void {
  let fake: Served
  beforeAll(async () => (fake = await serveBundled('timeouts')))
  afterAll(() => fake.close())

  const iso = (ms: number) => new Date(ms).toISOString()

  it('ends a task that runs for ever as timeout 2 minutes after its creation, and refunds it', async () => {
    const created = (await fake.create('demo-key', bodies.music())).json.data
    const at = Date.parse(created.created_at)
    fake.running.mock.clock.advance('1m59s')
    expect((await fake.read('demo-key', created.task_id)).json.data.status).toBe('running')
    fake.running.mock.clock.advance('1s')
    const task = (await fake.read('demo-key', created.task_id)).json.data
    expect(task).toMatchObject({ status: 'timeout', output: null, error: null, completed_at: iso(at + 120_000) })
    const later = await fake.usage('demo-key')
    expect(later.json.data).toMatchObject({ credits_used: 0 })
  })

  it('lets a "quick" music task finish in time', async () => {
    const created = (await fake.create('demo-key', bodies.music('a quick jingle'))).json.data
    fake.running.mock.clock.advance('70s')
    const task = (await fake.read('demo-key', created.task_id)).json.data
    expect(task).toMatchObject({ status: 'success', completed_at: iso(Date.parse(created.created_at) + 70_000) })
  })

  it('has the upstream report timeout for a lyrics task on its third read', async () => {
    const id = (await fake.create('demo-key', bodies.lyrics())).json.data.task_id
    const seen = []
    for (let i = 0; i < 3; i++) seen.push((await fake.read('demo-key', id)).json.data.status)
    expect(seen).toEqual(['pending', 'running', 'timeout'])
  })

  it('refunds every timed-out task: only the success is charged', async () => {
    const usage = (await fake.usage('demo-key')).json.data
    expect(usage).toEqual({ tasks_created: 3, credits_used: 10, credits_topped_up: 1000 })
  })
}
