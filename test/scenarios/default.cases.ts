/** scenarios/default.yaml over HTTP: what docs/scenarios.md ("The default scenario") promises for `npm start`. */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { bodies, serveBundled, type Served } from '../support/bundled.js'

const SECOND = 1_000
const ms = (instant: string): number => Date.parse(instant)

/**
 * A client session on a fresh server: three tasks of two keys, created between reads, each read
 * until final, then usage. Answers as text, with the server's origin (its port changes between
 * runs) written as ORIGIN.
 */
async function session(): Promise<string[]> {
  const fake = await serveBundled('default')
  const answers: string[] = []
  const keep = (reply: { text: string }) => answers.push(reply.text.replaceAll(fake.running.url, 'ORIGIN'))
  try {
    const ids: Array<[string, string]> = []
    for (const [key, prompt] of [
      ['demo-key', 'first'],
      ['demo-key-2', 'second'],
      ['demo-key', 'third, to fail'],
    ] as const) {
      const created = await fake.create(key, bodies.music(prompt))
      keep(created)
      ids.push([key, created.json.data.task_id])
      keep(await fake.read(key, ids[0]![1]))
    }
    for (const [key, id] of ids) {
      for (let read = 0; read < 10; read++) {
        const reply = await fake.read(key, id)
        keep(reply)
        if (reply.json.data.completed_at !== null) break
      }
    }
    keep(await fake.usage('demo-key'))
    return answers
  } finally {
    await fake.close()
  }
}

/** Registers the cases (called by library.test.ts, which runs every scenario in one worker). */
export function cases(): void {
  let fake: Served
  beforeAll(async () => (fake = await serveBundled('default')))
  afterAll(() => fake.close())

  it('gives the curl walkthrough its answers: the same id, four reads to success, 10 s per read', async () => {
    const created = await fake.create('demo-key', bodies.music('a calm lofi beat for studying'))
    expect(created.json.data).toMatchObject({ task_id: 'eb9ac3e6-fcba-471c-bfdb-6ff18e528b16', credits_charged: 10, created_at: '2026-01-01T00:00:10.000Z' })
    const seen = []
    for (let i = 0; i < 4; i++) seen.push((await fake.read('demo-key', created.json.data.task_id)).json.data)
    expect(seen.map((task) => task.status)).toEqual(['pending', 'running', 'running', 'success'])
    expect(seen[3].completed_at).toBe('2026-01-01T00:00:50.000Z')
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

  it("gives each task its own time: a key's later tasks are created later, and each takes 40 s", async () => {
    const first = (await fake.create('demo-key-2', bodies.lyrics())).json.data
    await fake.usage('demo-key-2') // moves no task
    const second = (await fake.create('demo-key-2', bodies.lyrics())).json.data
    expect(ms(second.created_at) - ms(first.created_at)).toBe(10 * SECOND)
    // The first is read only after the second was created: it still starts at pending.
    const seen = []
    for (let read = 0; read < 10 && (read === 0 || seen.at(-1).completed_at === null); read++)
      seen.push((await fake.read('demo-key-2', first.task_id)).json.data)
    expect(seen.map((task) => task.status)).toEqual(['pending', 'running', 'running', 'success'])
    expect(ms(seen[3].completed_at) - ms(seen[3].created_at)).toBe(40 * SECOND)
  })

  it('answers a batch of four creates, then polls, with pending or running first, whatever other keys do', async () => {
    const batch = [bodies.music(), bodies.lyrics(), bodies.upload(), bodies.music('a prompt made to fail')]
    const created = []
    for (const body of batch) created.push((await fake.create('demo-key', body)).json.data)
    await fake.create('demo-key-2', bodies.music()) // another key's traffic between
    const finals = new Map<string, { status: string; took: number }>()
    for (let round = 0; round < 6; round++) {
      for (const { task_id: id } of created) {
        const task = (await fake.read('demo-key', id)).json.data
        if (round === 0) expect(['pending', 'running']).toContain(task.status)
        if (task.completed_at !== null && !finals.has(id)) finals.set(id, { status: task.status, took: ms(task.completed_at) - ms(task.created_at) })
      }
    }
    expect(created.map(({ task_id: id }) => finals.get(id)?.status)).toEqual(['success', 'success', 'success', 'failure'])
    for (const { took } of finals.values()) expect(took).toBeGreaterThanOrEqual(30 * SECOND)
    expect(created.map((task) => ms(task.created_at))).toEqual([...created.map((task) => ms(task.created_at))].sort((a, b) => a - b))
  })

  it('gives byte-identical answers, timestamps included, to the same requests on two runs', async () => {
    const [one, two] = [await session(), await session()]
    expect(two).toEqual(one)
    const tasks = one.map((text) => JSON.parse(text).data).filter((data) => data?.completed_at !== undefined)
    const created = [...new Set(tasks.filter((task) => task.input.gpt_description_prompt !== 'second').map((task) => task.created_at as string))]
    expect(created).toHaveLength(2) // demo-key's two tasks, the later created later
    expect([...created].sort()).toEqual(created)
    for (const task of tasks.filter((each) => each.completed_at !== null)) {
      const took = ms(task.completed_at) - ms(task.created_at)
      expect(took).toBeGreaterThanOrEqual(30 * SECOND)
      expect(took).toBeLessThanOrEqual(5 * 60 * SECOND)
    }
  })

  it('answers 402 for broke-key at once and for low-key after one music task', async () => {
    expect((await fake.create('broke-key', bodies.music())).json).toEqual({ code: 402, message: 'Insufficient credits: available 0, required 10' })
    expect((await fake.create('low-key', bodies.music())).status).toBe(202)
    expect((await fake.create('low-key', bodies.music())).json).toEqual({ code: 402, message: 'Insufficient credits: available 2, required 10' })
  })
}
