/** scenarios/multi-tenant.yaml over HTTP: four accounts, each with its balance, its queue, its own tasks and usage. */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { bodies, serveBundled, type Served } from '../support/bundled.js'

/** Registers the cases (called by library.test.ts, which runs every scenario in one worker). */
export function cases(): void {
  let fake: Served
  beforeAll(async () => (fake = await serveBundled('multi-tenant')))
  afterAll(() => fake.close())

  it('starts each account with its own balance', async () => {
    const topped = []
    for (const key of ['studio-key', 'indie-key', 'trial-key', 'expired-key']) topped.push((await fake.usage(key)).json.data.credits_topped_up)
    expect(topped).toEqual([5000, 200, 20, 0])
  })

  it("serves each key's tasks on its own service level", async () => {
    const studio = (await fake.create('studio-key', bodies.music())).json.data.task_id
    const indie = (await fake.create('indie-key', bodies.music())).json.data.task_id
    const trial = (await fake.create('trial-key', bodies.music())).json.data.task_id
    const seen: Record<string, string[]> = { studio: [], indie: [], trial: [] }
    for (let i = 0; i < 4; i++) {
      seen.studio!.push((await fake.read('studio-key', studio)).json.data.status)
      seen.indie!.push((await fake.read('indie-key', indie)).json.data.status)
      seen.trial!.push((await fake.read('trial-key', trial)).json.data.status)
    }
    expect(seen).toEqual({
      studio: ['running', 'success', 'success', 'success'],
      indie: ['pending', 'running', 'running', 'success'],
      trial: ['pending', 'pending', 'pending', 'pending'],
    })
    fake.running.mock.clock.advance('2m30s')
    expect((await fake.read('trial-key', trial)).json.data.status).toBe('success')
  })

  it("answers another key's task exactly like one that does not exist", async () => {
    const id = (await fake.create('indie-key', bodies.lyrics())).json.data.task_id
    const foreign = await fake.read('studio-key', id)
    const missing = await fake.read('studio-key', '00000000-0000-4000-8000-000000000000')
    expect(foreign.status).toBe(404)
    expect(foreign.json).toEqual({ code: 404, message: `Task not found: "${id}"` })
    expect(missing.text.replace('00000000-0000-4000-8000-000000000000', id)).toBe(foreign.text)
  })

  it('runs out of credits per account: trial-key after two music tasks, expired-key at once', async () => {
    expect((await fake.create('trial-key', bodies.music())).status).toBe(202)
    expect((await fake.create('trial-key', bodies.music())).json).toEqual({ code: 402, message: 'Insufficient credits: available 0, required 10' })
    expect((await fake.create('expired-key', bodies.upload())).status).toBe(402)
    expect((await fake.usage('trial-key')).json.data).toEqual({ tasks_created: 2, credits_used: 20, credits_topped_up: 20 })
    expect((await fake.usage('studio-key')).json.data).toEqual({ tasks_created: 1, credits_used: 10, credits_topped_up: 5000 })
  })
}
