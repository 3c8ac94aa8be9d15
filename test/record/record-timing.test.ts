/**
 * Issue 39, record → replay keeps timing and causes: a real-time rate limit in front of a fast
 * upstream clock replays in real time (429 after the recorded count, the same Retry-After), a 402
 * replays through the account's ledger (opened with the credits it had), and the proxy's own 502
 * for an unreachable upstream is never written as the service's answer. Wall clocks are the
 * test's own: nothing sleeps.
 */
import { afterEach, expect, it } from 'vitest'
import { startRecordProxy } from '../../src/proxy/record-proxy.js'
import { parseUpstream } from '../../src/record/upstream-url.js'
import { parseScenario } from '../../src/scenario/index.js'
import { startServer } from '../../src/server/start-server.js'
import { fakeUpstream } from './fake-upstream.js'

const KEY = 'sk-live-timing-7777-SECRET'
const started: Array<{ close(): Promise<void> }> = []
afterEach(async () => {
  await Promise.all(started.splice(0).map((server) => server.close()))
})

interface Seen {
  status: number
  retryAfter: string | null
  task?: string
}

const LYRICS = { model: 'music-model', task_type: 'lyrics', input: { prompt: 'rain' } }
const MUSIC = { model: 'music-model', task_type: 'music', input: { gpt_description_prompt: 'rain' } }

async function send(base: string, key: string, path: string, body?: unknown): Promise<Seen & { id?: string }> {
  const init: RequestInit =
    body === undefined
      ? { headers: { 'x-api-key': key } }
      : { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify(body) }
  const response = await fetch(`${base}${path}`, init)
  const parsed = (await response.json()) as { data?: Record<string, unknown> }
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    ...(parsed.data?.['status'] !== undefined && { task: String(parsed.data['status']) }),
    ...(parsed.data?.['task_id'] !== undefined && { id: String(parsed.data['task_id']) }),
  }
}

/** Records `session` through a proxy in front of `upstream` (scenario text), and returns what was seen and the file written. */
async function record(upstream: string, session: (base: string, key: string, pass: (ms: number) => void) => Promise<Seen[]>) {
  let wall = Date.parse('2026-11-02T10:00:00.000Z')
  const server = await startServer({ scenario: upstream, wallNow: () => wall })
  started.push(server)
  const target = parseUpstream(server.url)
  if ('error' in target) throw new Error(target.error)
  const proxy = await startRecordProxy({ upstream: target, now: () => wall })
  started.push(proxy)
  const seen = await session(proxy.url, KEY, (ms) => (wall += ms))
  const yaml = proxy.yaml()
  const parsed = parseScenario(yaml, 'recorded.yaml')
  expect(parsed.ok ? [] : parsed.errors).toEqual([])
  return { seen, yaml }
}

async function replay(yaml: string, session: (base: string, key: string, pass: (ms: number) => void) => Promise<Seen[]>): Promise<Seen[]> {
  let wall = Date.parse('2027-05-05T12:00:00.000Z')
  const server = await startServer({ scenario: yaml, wallNow: () => wall })
  started.push(server)
  return session(server.url, 'recorded-key-1', (ms) => (wall += ms))
}

const strip = ({ status, retryAfter, task }: Seen): Seen => ({ status, retryAfter, ...(task !== undefined && { task }) })

it('replays a real-time rate limit in front of a fast upstream clock: the same count, the same Retry-After', async () => {
  // The upstream's tasks run on a clock 10 times as fast as real time; its limiter counts real minutes.
  const upstream = `version: 1
clock: { mode: auto, speed: 10, start: "2026-03-01T08:00:00.000Z" }
service: { rate_limit: { per_minute: 10, real_time: true } }
accounts: [{ api_key: ${KEY}, credits: 100 }]
timelines:
  default: [{ status: pending, for: 30s }, { status: running, for: 60s }, { status: success }]
`
  // A create, then a read every real second: the 11th request, 10 s in, is refused for 50 s.
  const session = async (base: string, key: string, pass: (ms: number) => void): Promise<Seen[]> => {
    const created = await send(base, key, '/api/v1/task', LYRICS)
    const seen: Seen[] = [strip(created)]
    for (let read = 0; read < 14; read++) {
      pass(1_000)
      seen.push(strip(await send(base, key, `/api/v1/task/${created.id}`)))
    }
    return seen
  }
  const { seen, yaml } = await record(upstream, session)
  expect(seen.findIndex((answer) => answer.status === 429)).toBe(10)
  expect(seen[10]!.retryAfter).toBe('50')
  expect(yaml).toMatch(/clock: \{ mode: auto, speed: 1\d,/) // the upstream's task clock, estimated
  expect(yaml).toContain('rate_limit: { per_minute: 10, real_time: true }')
  expect(await replay(yaml, session)).toEqual(seen)
})

it('replays a 402 through the ledger: the account opens with what it had, and no fault is written', async () => {
  const upstream = `version: 1
clock: { mode: manual, start: "2026-03-01T08:00:00.000Z" }
accounts: [{ api_key: ${KEY}, credits: 12 }]
timelines:
  default: [{ status: pending, polls: 1 }, { status: success }]
`
  const session = async (base: string, key: string): Promise<Seen[]> => {
    const created = await send(base, key, '/api/v1/task', MUSIC)
    const refused = await send(base, key, '/api/v1/task', MUSIC)
    const cheap = await send(base, key, '/api/v1/task', { model: 'music-model', task_type: 'upload', input: { url: 'https://example.com/a.wav' } })
    return [created, refused, cheap, await send(base, key, `/api/v1/task/${created.id}`), await send(base, key, '/api/v1/task', MUSIC)].map(strip)
  }
  const { seen, yaml } = await record(upstream, session)
  expect(seen.map((answer) => answer.status)).toEqual([202, 402, 202, 200, 402])
  expect(yaml).not.toMatch(/status: 402/)
  expect(yaml).toMatch(/- \{ api_key: recorded-key-1, credits: 12 \}/)
  expect(await replay(yaml, session)).toEqual(seen)
  // A replaying client that spends differently meets the ledger, not a fixed position: an upload first leaves 11.
  const other = await replay(yaml, async (base, key) => [await send(base, key, '/api/v1/task', MUSIC), await send(base, key, '/api/v1/task', MUSIC)].map(strip))
  expect(other.map((answer) => answer.status)).toEqual([202, 402])
})

it("never writes the proxy's own 502 for an unreachable upstream as the service's answer", async () => {
  const upstream = await fakeUpstream(() => ({ status: 200, body: { code: 200, data: { tasks_created: 0, credits_used: 0, credits_topped_up: 5 } } }))
  const target = parseUpstream(upstream.url)
  if ('error' in target) throw new Error(target.error)
  const proxy = await startRecordProxy({ upstream: target })
  started.push(proxy)
  const usage = () => send(proxy.url, KEY, '/api/v1/account/usage')
  expect((await usage()).status).toBe(200)
  await upstream.close() // unreachable from now on
  expect((await usage()).status).toBe(502)
  const yaml = proxy.yaml()
  expect(yaml).not.toMatch(/status: 50\d/)
  expect(yaml).toContain('1 request(s) got no answer from the upstream')
  expect(proxy.recording.unanswered).toBe(1)
})
