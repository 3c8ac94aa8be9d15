/** scenarios/rate-limited.yaml over HTTP: 10 requests per key per minute; the 11th answers 429 with Retry-After. */
import { afterEach, beforeEach, expect, it } from 'vitest'
import { bodies, serveBundled, type Served } from '../support/bundled.js'

/** Registers the cases (called by library.test.ts, which runs every scenario in one worker). */
export function cases(): void {
  let fake: Served
  beforeEach(async () => (fake = await serveBundled('rate-limited')))
  afterEach(() => fake.close())

  const remaining = (reply: { headers: Headers }) => reply.headers.get('x-ratelimit-remaining')

  it('answers a client that polls in a tight loop with 429 on its 11th request', async () => {
    const id = (await fake.create('demo-key', bodies.music())).json.data.task_id
    const replies = []
    for (let i = 0; i < 10; i++) replies.push(await fake.read('demo-key', id))
    expect(replies.map(remaining)).toEqual(['8', '7', '6', '5', '4', '3', '2', '1', '0', '0'])
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 429])
    const refused = replies[9]!
    expect(refused.json).toEqual({ code: 429, message: 'Rate limit exceeded. Try again in 60 seconds.' })
    expect(refused.headers.get('retry-after')).toBe('60')
    expect(refused.headers.get('x-ratelimit-limit')).toBe('10')
    expect((await fake.usage('other-key')).status).toBe(200) // each key counts on its own
    fake.running.mock.clock.advance(`${refused.headers.get('retry-after')}s`)
    expect((await fake.read('demo-key', id)).status).toBe(200) // Retry-After honoured: admitted again
  })

  it('never limits a client that polls every 6 seconds, as the spec asks', async () => {
    const id = (await fake.create('demo-key', bodies.music())).json.data.task_id
    const statuses: string[] = []
    for (let i = 0; i < 30; i++) {
      fake.running.mock.clock.advance('6s')
      const reply = await fake.read('demo-key', id)
      expect(reply.status).toBe(200)
      statuses.push(reply.json.data.status)
      if (reply.json.data.status === 'success') break
    }
    expect(statuses.at(-1)).toBe('success')
    expect(statuses[0]).toBe('pending')
  })

  it('charges nothing for a create it refuses', async () => {
    for (let i = 0; i < 10; i++) expect((await fake.create('demo-key', bodies.upload())).status).toBe(202)
    expect((await fake.create('demo-key', bodies.upload())).status).toBe(429)
    fake.running.mock.clock.advance('1m')
    expect((await fake.usage('demo-key')).json.data).toEqual({ tasks_created: 10, credits_used: 10, credits_topped_up: 1000 })
  })
}
