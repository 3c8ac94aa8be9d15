/** scenarios/upstream-failure.yaml over HTTP: tasks fail with an error and a refund; one key's upstream is unreachable. */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { bodies, serveBundled, type Served } from '../support/bundled.js'

/** Registers the cases (called by library.test.ts, which runs every scenario in one worker). */
export function cases(): void {
  let fake: Served
  beforeAll(async () => (fake = await serveBundled('upstream-failure')))
  afterAll(() => fake.close())

  async function readUntilFinal(key: string, id: string) {
    for (let i = 0; i < 10; i++) {
      const task = (await fake.read(key, id)).json.data
      if (!['pending', 'running'].includes(task.status)) return task
    }
    throw new Error(`task ${id} never finished`)
  }

  it('fails every music task after it runs, with the error, HTTP 200 and a refund', async () => {
    const id = (await fake.create('demo-key', bodies.music())).json.data.task_id
    const seen = []
    for (let i = 0; i < 3; i++) {
      const reply = await fake.read('demo-key', id)
      expect(reply.status).toBe(200)
      seen.push(reply.json.data.status)
    }
    expect(seen).toEqual(['pending', 'running', 'failure'])
    const task = (await fake.read('demo-key', id)).json.data
    expect(task).toMatchObject({ output: null, error: 'upstream provider error: generation failed', completed_at: expect.any(String) })
    expect((await fake.usage('demo-key')).json.data.credits_used).toBe(0)
  })

  it('fails uploads of files that are not audio, and lets the rest succeed', async () => {
    const outcomes = []
    for (const url of ['https://x.test/notes.txt', 'https://x.test/page.html', 'https://x.test/take.wav']) {
      const id = (await fake.create('demo-key', bodies.upload(url))).json.data.task_id
      const task = await readUntilFinal('demo-key', id)
      outcomes.push([task.status, task.error])
    }
    expect(outcomes).toEqual([
      ['failure', 'unsupported audio format'],
      ['failure', 'unsupported audio format'],
      ['success', null],
    ])
    const lyrics = (await fake.create('demo-key', bodies.lyrics())).json.data.task_id
    expect((await readUntilFinal('demo-key', lyrics)).status).toBe('success')
  })

  it("answers unreachable-key's reads with the last known state: its tasks never move", async () => {
    const id = (await fake.create('unreachable-key', bodies.lyrics())).json.data.task_id
    const first = await fake.read('unreachable-key', id)
    fake.running.mock.clock.advance('5m')
    for (let i = 0; i < 5; i++) expect((await fake.read('unreachable-key', id)).text).toBe(first.text)
    expect(first.json.data.status).toBe('pending')
  })
}
