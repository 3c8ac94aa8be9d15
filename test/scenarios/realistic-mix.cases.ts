/** scenarios/realistic-mix.yaml over HTTP: 85% success, 10% failure, 5% timeout, drawn from the seed, the same every run. */
import { afterEach, expect, it } from 'vitest'
import { ManualClock } from '../../src/domain/clock.js'
import { World } from '../../src/domain/world.js'
import { bodies, loadBundled, serveBundled, type Served } from '../support/bundled.js'

/** Registers the cases (called by library.test.ts, which runs every scenario in one worker). */
export function cases(): void {
  let fake: Served
  afterEach(() => fake.close())

  const TASKS = 100

  /** Creates TASKS music tasks, lets 10 minutes pass, and reads each once: the final statuses in order. */
  async function outcomes(): Promise<string[]> {
    fake = await serveBundled('realistic-mix')
    const ids: string[] = []
    for (let i = 0; i < TASKS; i++) ids.push((await fake.create('demo-key', bodies.music())).json.data.task_id)
    fake.running.mock.clock.advance('10m')
    const statuses: string[] = []
    for (const id of ids) statuses.push((await fake.read('demo-key', id)).json.data.status)
    return statuses
  }

  it('gives each outcome in its weight, charges only the successes, and draws the same outcomes every run', async () => {
    const statuses = await outcomes()
    const count = (status: string) => statuses.filter((s) => s === status).length
    expect(count('success') + count('failure') + count('timeout')).toBe(TASKS)
    // loose binomial bounds around 85, 10 and 5 of 100 (the exact proportions are checked on 20,000 tasks below)
    expect(count('success')).toBeGreaterThanOrEqual(72)
    expect(count('success')).toBeLessThanOrEqual(96)
    expect(count('failure')).toBeGreaterThanOrEqual(2)
    expect(count('failure')).toBeLessThanOrEqual(20)
    expect(count('timeout')).toBeGreaterThanOrEqual(1)
    expect(count('timeout')).toBeLessThanOrEqual(13)
    const usage = (await fake.usage('demo-key')).json.data
    expect(usage).toEqual({ tasks_created: TASKS, credits_used: 10 * count('success'), credits_topped_up: 100000 })
    await fake.close()
    expect(await outcomes()).toEqual(statuses)
  })

  it('shows the failure message and the timeout instant', async () => {
    fake = await serveBundled('realistic-mix')
    const found = new Map<string, Record<string, unknown>>()
    for (let i = 0; i < 60 && found.size < 3; i++) {
      const created = (await fake.create('demo-key-2', bodies.lyrics())).json.data
      fake.running.mock.clock.advance('10m')
      const task = (await fake.read('demo-key-2', created.task_id)).json.data
      found.set(task.status, { ...task, created: Date.parse(created.created_at) })
    }
    expect(found.get('failure')).toMatchObject({ error: 'upstream provider error: generation failed', output: null })
    const timedOut = found.get('timeout')!
    expect(Date.parse(timedOut['completed_at'] as string) - (timedOut['created'] as number)).toBe(600_000)
    expect(found.get('success')).toMatchObject({ error: null, output: expect.any(Object) })
  })

  it('draws the timelines in the proportions 85 : 10 : 5 (20,000 tasks, in the domain: no HTTP needed to count)', async () => {
    const scenario = await loadBundled('realistic-mix')
    const world = new World({ ...scenario, accounts: [{ apiKey: 'k', credits: 1_000_000 }] }, new ManualClock(0))
    const counts = new Map<string, number>()
    for (let i = 0; i < 20_000; i++) {
      const created = world.create(world.account('k')!, { type: 'lyrics', model: 'music-model', mode: null, mv: null, input: { prompt: 'x' } })
      if (created.ok) counts.set(created.task.timeline, (counts.get(created.task.timeline) ?? 0) + 1)
    }
    // within 3 standard deviations of 17,000, 2,000 and 1,000
    expect(Math.abs(counts.get('completes')! - 17_000)).toBeLessThan(152)
    expect(Math.abs(counts.get('fails')! - 2_000)).toBeLessThan(128)
    expect(Math.abs(counts.get('hangs')! - 1_000)).toBeLessThan(93)
  })
}
