/** scenarios/flaky-create.yaml over HTTP: creates fail with 500, 503 and dropped connections; a failed create never charges. */
import { afterEach, expect, it } from 'vitest'
import { bodies, serveBundled, type Served } from '../support/bundled.js'

/** Registers the cases (called by library.test.ts, which runs every scenario in one worker). */
export function cases(): void {
  let fake: Served
  afterEach(() => fake.close())

  const outcome = (reply: Awaited<ReturnType<Served['attempt']>>) => (reply === 'dropped' ? 'dropped' : reply.status)

  it('answers the first create 500 and drops the second, charging nothing', async () => {
    fake = await serveBundled('flaky-create')
    const first = await fake.attempt('POST', '/api/v1/task', 'demo-key', bodies.music())
    expect(first !== 'dropped' && first.json).toEqual({ code: 500, message: 'Internal server error' })
    expect(await fake.attempt('POST', '/api/v1/task', 'demo-key', bodies.music())).toBe('dropped')
    expect((await fake.usage('demo-key')).json.data).toEqual({ tasks_created: 0, credits_used: 0, credits_topped_up: 100000 })
  })

  /** A client that retries every failed create until it has `wanted` tasks. */
  async function retryingClient(wanted: number) {
    const seen: Array<number | 'dropped'> = []
    const ids: string[] = []
    while (ids.length < wanted) {
      const reply = await fake.attempt('POST', '/api/v1/task', 'demo-key', bodies.music())
      seen.push(outcome(reply))
      if (reply !== 'dropped' && reply.status === 202) ids.push(reply.json.data.task_id)
    }
    return { seen, ids }
  }

  it('fails about one create in three after that, and a retrying client is charged once per task', async () => {
    fake = await serveBundled('flaky-create')
    const { seen, ids } = await retryingClient(40)
    const failed = seen.slice(2).filter((status) => status !== 202)
    expect(failed.filter((status) => status === 503).length).toBeGreaterThan(3)
    expect(failed.filter((status) => status === 'dropped').length).toBeGreaterThan(0)
    expect(failed.length / (seen.length - 2)).toBeGreaterThan(0.15)
    expect(failed.length / (seen.length - 2)).toBeLessThan(0.5)
    expect(new Set(ids).size).toBe(40)
    expect((await fake.usage('demo-key')).json.data).toEqual({ tasks_created: 40, credits_used: 400, credits_topped_up: 100000 })
    const read = await fake.read('demo-key', ids[0]!)
    expect(read.status).toBe(200) // reads never fail here
    await fake.close()
    fake = await serveBundled('flaky-create')
    expect(await retryingClient(40)).toEqual({ seen, ids }) // drawn from the seed: the same faults every run
  })
}
