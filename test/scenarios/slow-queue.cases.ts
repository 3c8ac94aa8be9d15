/**
 * scenarios/slow-queue.yaml over HTTP: an auto clock at speed 60, so a 5-minute music task takes
 * 5 real seconds. The test moves an injected wall clock instead of waiting for real time.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { bodies, serveBundled, type Served } from '../support/bundled.js'

/** Registers the cases (called by library.test.ts, which runs every scenario in one worker). */
export function cases(): void {
  const WALL = Date.parse('2026-05-04T10:00:00.000Z')
  let wall = WALL
  let fake: Served
  beforeAll(async () => (fake = await serveBundled('slow-queue', { wallNow: () => wall })))
  afterAll(() => fake.close())

  it('starts its clock at the real time and runs it 60 times fast: a 5-minute music task takes 5 seconds', async () => {
    const created = (await fake.create('demo-key', bodies.music())).json.data
    expect(created.created_at).toBe('2026-05-04T10:00:00.000Z')
    const statusAt = async (realMs: number) => {
      wall = WALL + realMs
      return (await fake.read('demo-key', created.task_id)).json.data
    }
    expect((await statusAt(999)).status).toBe('pending') // 59.94 s of queue time
    expect((await statusAt(1_000)).status).toBe('running') // 1 minute: out of the queue
    expect((await statusAt(4_999)).status).toBe('running')
    const done = await statusAt(5_000)
    expect(done).toMatchObject({ status: 'success', completed_at: '2026-05-04T10:05:00.000Z' })
  })

  it('runs a lyrics task for a minute and a half: 1.5 real seconds', async () => {
    const created = (await fake.create('demo-key', bodies.lyrics())).json.data
    const start = wall
    wall = start + 1_499
    expect((await fake.read('demo-key', created.task_id)).json.data.status).toBe('running')
    wall = start + 1_500
    expect((await fake.read('demo-key', created.task_id)).json.data.status).toBe('success')
  })
}
