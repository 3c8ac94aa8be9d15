/** scenarios/insufficient-credits.yaml over HTTP: 402 when the balance cannot cover the price, and credits back after a refund. */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { bodies, serveBundled, type Served } from '../support/bundled.js'

/** Registers the cases (called by library.test.ts, which runs every scenario in one worker). */
export function cases(): void {
  let fake: Served
  beforeAll(async () => (fake = await serveBundled('insufficient-credits')))
  afterAll(() => fake.close())

  it('answers 402 to every create of broke-key, and changes nothing', async () => {
    for (const body of [bodies.music(), bodies.upload()]) {
      const reply = await fake.create('broke-key', body)
      expect(reply.status).toBe(402)
      expect(reply.json.message).toMatch(/^Insufficient credits: available 0, required (10|1)$/)
    }
    expect((await fake.usage('broke-key')).json.data).toEqual({ tasks_created: 0, credits_used: 0, credits_topped_up: 0 })
  })

  it('lets one-song-key create exactly one music task', async () => {
    expect((await fake.create('one-song-key', bodies.music())).status).toBe(202)
    const music = await fake.create('one-song-key', bodies.music())
    expect(music.json).toEqual({ code: 402, message: 'Insufficient credits: available 0, required 10' })
    const lyrics = await fake.create('one-song-key', bodies.lyrics())
    expect(lyrics.json).toEqual({ code: 402, message: 'Insufficient credits: available 0, required 5' })
    expect((await fake.usage('one-song-key')).json.data).toEqual({ tasks_created: 1, credits_used: 10, credits_topped_up: 10 })
  })

  it('lets low-key spend its 12 credits to the last one', async () => {
    const statuses = []
    for (const body of [bodies.music(), bodies.upload(), bodies.upload(), bodies.upload()]) statuses.push((await fake.create('low-key', body)).status)
    expect(statuses).toEqual([202, 202, 202, 402])
  })

  it('gives refund-key its credits back when its task fails, so it can create again', async () => {
    const first = (await fake.create('refund-key', bodies.music())).json.data.task_id
    expect((await fake.create('refund-key', bodies.music())).status).toBe(402)
    await fake.read('refund-key', first)
    const failed = (await fake.read('refund-key', first)).json.data
    expect(failed).toMatchObject({ status: 'failure', error: 'upstream rejected the prompt', output: null })
    expect((await fake.usage('refund-key')).json.data).toEqual({ tasks_created: 1, credits_used: 0, credits_topped_up: 10 })
    expect((await fake.create('refund-key', bodies.music())).status).toBe(202)
  })
}
