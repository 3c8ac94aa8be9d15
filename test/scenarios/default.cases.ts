/** scenarios/default.yaml over HTTP: what README.md promises for `npm start`. */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { bodies, serveBundled, type Served } from '../support/bundled.js'

/** Registers the cases (called by library.test.ts, which runs every scenario in one worker). */
export function cases(): void {
  let fake: Served
  beforeAll(async () => (fake = await serveBundled('default')))
  afterAll(() => fake.close())

  it('gives the README walkthrough its answers: the same id, four reads to success', async () => {
    const created = await fake.create('demo-key', bodies.music('a calm lofi beat for studying'))
    expect(created.json.data).toMatchObject({ task_id: 'eb9ac3e6-fcba-471c-bfdb-6ff18e528b16', credits_charged: 10, created_at: '2026-01-01T00:00:00.000Z' })
    const seen = []
    for (let i = 0; i < 4; i++) seen.push((await fake.read('demo-key', created.json.data.task_id)).json.data.status)
    expect(seen).toEqual(['pending', 'running', 'running', 'success'])
    expect((await fake.usage('demo-key')).json.data).toEqual({ tasks_created: 1, credits_used: 10, credits_topped_up: 1000 })
  })

  it('fails music prompts that contain "fail", with a refund', async () => {
    const id = (await fake.create('demo-key-2', bodies.music('this one will fail'))).json.data.task_id
    const seen = []
    for (let i = 0; i < 3; i++) seen.push((await fake.read('demo-key-2', id)).json.data)
    expect(seen.map((task) => task.status)).toEqual(['pending', 'running', 'failure'])
    expect(seen[2].error).toBe('upstream rejected the prompt')
    expect((await fake.usage('demo-key-2')).json.data.credits_used).toBe(0)
  })

  it('answers 402 for broke-key at once and for low-key after one music task', async () => {
    expect((await fake.create('broke-key', bodies.music())).json).toEqual({ code: 402, message: 'Insufficient credits: available 0, required 10' })
    expect((await fake.create('low-key', bodies.music())).status).toBe(202)
    expect((await fake.create('low-key', bodies.music())).json).toEqual({ code: 402, message: 'Insufficient credits: available 2, required 10' })
  })
}
