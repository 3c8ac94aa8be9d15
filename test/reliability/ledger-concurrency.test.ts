/**
 * The ledger under concurrency, over HTTP: waves of concurrent creates, reads, forced endings,
 * top-ups and clock moves on shared accounts. At sampled instants and at the end: the invariant
 * holds, each freeze has ended in at most one charge or refund (exactly one once final), and
 * usage equals what the journal and the task list say was accepted and refunded.
 * 200 operations in `npm test`, 20,000 in `npm run test:long`; LEDGER_OPS sets the number exactly.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createRng } from '../../src/domain/random.js'
import { startServer, type RunningServer } from '../../src/server/start-server.js'
import { count } from '../support/long.js'

const KEYS = ['k1', 'k2', 'k3']
const SCENARIO = `
version: 1
seed: 17
service: { timeout_after: 2m }
accounts:
  - { api_key: k1, credits: 200 }
  - { api_key: k2, credits: 60 }
  - { api_key: k3, credits: 15 }
timelines:
  ok: [{ status: pending, polls: 1 }, { status: running, polls: 1, for: 20s }, { status: success }]
  bad: [{ status: pending, polls: 2 }, { status: failure, error: nope }]
  slow: [{ status: running, for: 5m }, { status: success }]
rules:
  - one_of: [{ weight: 6, timeline: ok }, { weight: 3, timeline: bad }, { weight: 1, timeline: slow }]
`
const OPS = count(200, 20_000, 'LEDGER_OPS')
const WAVE = 40
const TYPES = [
  { task_type: 'music', input: { gpt_description_prompt: 'x' }, price: 10 },
  { task_type: 'lyrics', input: { prompt: 'x' }, price: 5 },
  { task_type: 'upload', input: { url: 'https://example.com/a.wav' }, price: 1 },
]

let running: RunningServer
beforeAll(async () => {
  running = await startServer({ scenario: SCENARIO, port: 0, journalCapacity: OPS * 2 + 100 })
})
afterAll(() => running.close())

const json = { 'content-type': 'application/json' }
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(running.url + path, { method: 'POST', headers: { ...json, ...headers }, body: JSON.stringify(body) })
const getJson = async (path: string, headers: Record<string, string> = {}) => (await fetch(running.url + path, { headers })).json()
/** Every item of a paged admin list, following its Link rel="next" headers. */
async function allPages(path: string): Promise<unknown[]> {
  const items: unknown[] = []
  let next: string | null = `${running.url}${path}?limit=1000`
  while (next !== null) {
    const response: Response = await fetch(next)
    items.push(...((await response.json()) as unknown[]))
    next = /^<([^>]+)>; rel="next"$/.exec(response.headers.get('link') ?? '')?.[1] ?? null
  }
  return items
}

interface Ledger {
  available: number
  frozen: number
  spent: number
  topped_up: number
  tasks_created: number
  usage: { tasks_created: number; credits_used: number; credits_topped_up: number }
  events: Array<{ kind: string; credits: number; task_id: string | null }>
}

async function checkLedgers(): Promise<Map<string, Ledger>> {
  const ledgers = new Map<string, Ledger>()
  for (const key of KEYS) {
    const ledger = (await getJson(`/__admin/accounts/${key}`)) as Ledger
    expect(ledger.available + ledger.frozen + ledger.spent, `${key}: ${JSON.stringify(ledger)}`).toBe(ledger.topped_up)
    for (const field of ['available', 'frozen', 'spent'] as const) expect(ledger[field]).toBeGreaterThanOrEqual(0)
    const ends = new Map<string, number>()
    for (const event of ledger.events) {
      if (event.kind === 'charge' || event.kind === 'refund') ends.set(event.task_id!, (ends.get(event.task_id!) ?? 0) + 1)
    }
    for (const count of ends.values()) expect(count).toBe(1)
    ledgers.set(key, ledger)
  }
  return ledgers
}

it(`keeps every ledger exact through ${OPS} concurrent operations`, { timeout: Math.max(20_000, OPS * 20) }, async () => {
  const rng = createRng(2026)
  const ids: string[] = []
  const owner = new Map<string, string>()
  const accepted = new Map<string, number>(KEYS.map((key) => [key, 0]))
  const operation = async (): Promise<void> => {
    const roll = rng.next()
    const key = KEYS[rng.int(0, KEYS.length - 1)]!
    if (roll < 0.35 || ids.length === 0) {
      const type = TYPES[rng.int(0, TYPES.length - 1)]!
      const response = await post('/api/v1/task', { model: 'music-model', task_type: type.task_type, input: type.input }, { 'x-api-key': key })
      const body = (await response.json()) as { data?: { task_id: string } }
      expect([202, 402]).toContain(response.status)
      if (response.status === 202) {
        ids.push(body.data!.task_id)
        owner.set(body.data!.task_id, key)
        accepted.set(key, accepted.get(key)! + 1)
      }
    } else if (roll < 0.75) {
      const id = ids[rng.int(0, ids.length - 1)]!
      const response = await fetch(`${running.url}/api/v1/task/${id}`, { headers: { 'x-api-key': owner.get(id)! } })
      expect(response.status).toBe(200)
      await response.arrayBuffer()
    } else if (roll < 0.85) {
      const id = ids[rng.int(0, ids.length - 1)]!
      const status = (['success', 'failure', 'timeout'] as const)[rng.int(0, 2)]
      const response = await post(`/__admin/tasks/${id}/force`, status === 'failure' ? { status, error: 'forced' } : { status })
      expect([200, 409]).toContain(response.status)
      await response.arrayBuffer()
    } else if (roll < 0.92) {
      expect((await post(`/__admin/accounts/${key}/top-up`, { credits: rng.int(1, 20) })).status).toBe(200)
    } else {
      expect((await post('/__admin/clock/advance', { by: `${rng.int(1, 40)}s` })).status).toBe(200)
    }
  }
  for (let done = 0; done < OPS; done += WAVE) {
    await Promise.all(Array.from({ length: Math.min(WAVE, OPS - done) }, operation))
    if ((done / WAVE) % 3 === 0) await checkLedgers()
  }

  const ledgers = await checkLedgers()
  const tasks = (await allPages('/__admin/tasks')) as Array<{ task_id: string; status: string; credits_cost: number }>
  const journal = (await getJson(`/__admin/journal?endpoint=create&status=202&limit=${OPS * 2}`)) as { entries: unknown[]; dropped: number }
  expect(journal.dropped).toBe(0)
  expect(journal.entries).toHaveLength([...accepted.values()].reduce((a, b) => a + b, 0))
  for (const key of KEYS) {
    const mine = tasks.filter((task) => owner.get(task.task_id) === key)
    const refunded = mine.filter((task) => task.status === 'failure' || task.status === 'timeout')
    const cost = (list: typeof mine) => list.reduce((sum, task) => sum + task.credits_cost, 0)
    const usage = (await getJson('/api/v1/account/usage', { 'x-api-key': key })) as { data: Ledger['usage'] }
    expect(usage.data.tasks_created).toBe(accepted.get(key))
    expect(usage.data.credits_used).toBe(cost(mine) - cost(refunded))
    expect(usage.data).toEqual(ledgers.get(key)!.usage)
  }
})
