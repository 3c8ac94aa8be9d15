/** scenarios/happy-path.yaml over HTTP: every task type succeeds on its third read; music titles are fixed. */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { bodies, serveBundled, type Served } from '../support/bundled.js'

/** Registers the cases (called by library.test.ts, which runs every scenario in one worker). */
export function cases(): void {
  let fake: Served
  beforeAll(async () => (fake = await serveBundled('happy-path')))
  afterAll(() => fake.close())

  const KEY = 'happy-key'
  async function life(body: unknown) {
    const created = await fake.create(KEY, body)
    expect(created.status).toBe(202)
    const reads = []
    for (let i = 0; i < 3; i++) reads.push((await fake.read(KEY, created.json.data.task_id)).json.data)
    return reads
  }

  it('takes every task type through pending, running, success on three reads', async () => {
    const music = await life(bodies.music())
    expect(music.map((task) => task.status)).toEqual(['pending', 'running', 'success'])
    const clip = music[2].output.result[0].id
    for (const body of [bodies.lyrics(), bodies.upload(), bodies.concat(clip)]) {
      const reads = await life(body)
      expect(reads.map((task) => task.status)).toEqual(['pending', 'running', 'success'])
      expect(reads[2]).toMatchObject({ error: null, output: { status: 'completed', progress: '100%' } })
    }
  })

  it('merges the fixed titles over the generated music output', async () => {
    const done = (await life(bodies.music('jazz')))[2]
    expect(done.output.result.map((clip: { title: string }) => clip.title)).toEqual(['Happy Path A', 'Happy Path B'])
    for (const clip of done.output.result) expect(clip.audio_url).toMatch(new RegExp(`^${fake.running.url}/assets/audio/`))
  })

  it('charges each success once, at the default prices', async () => {
    const before = (await fake.usage(KEY)).json.data
    await life(bodies.lyrics())
    await life(bodies.upload())
    const after = (await fake.usage(KEY)).json.data
    expect(after.tasks_created - before.tasks_created).toBe(2)
    expect(after.credits_used - before.credits_used).toBe(5 + 1)
    expect(after.credits_topped_up).toBe(100000)
  })
}
