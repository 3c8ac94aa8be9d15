/**
 * Record → replay keeps causes, not positions: an unknown key replays as 401 (never as an
 * account), the upstream's rate limit (told by its headers) is the replay's rate limit, and the
 * replay's timestamps keep the upstream's durations when the upstream's clock runs faster than
 * the wall clock (here an auto clock at speed 60: a 90 s task passes in 1.5 s). Wall clocks are
 * the test's own: nothing sleeps.
 */
import { afterEach, expect, it } from 'vitest'
import { startRecordProxy } from '../../src/proxy/record-proxy.js'
import { parseUpstream } from '../../src/record/upstream-url.js'
import { parseScenario } from '../../src/scenario/index.js'
import { startServer } from '../../src/server/start-server.js'

const KEY = 'sk-live-causes-4242-SECRET'
const BAD = 'sk-live-not-a-key-0000'
const UPSTREAM = `
version: 1
name: fast-upstream
clock: { mode: auto, speed: 60, start: "2026-03-01T08:00:00.000Z" }
service: { timeout_after: 30m, rate_limit: { per_minute: 4 } }
accounts: [{ api_key: ${KEY}, credits: 100 }]
timelines:
  default:
    - { status: pending, for: 30s }
    - { status: running, for: 1m }
    - { status: success }
`

const started: Array<{ close(): Promise<void> }> = []
afterEach(async () => {
  await Promise.all(started.splice(0).map((server) => server.close()))
})

interface Seen {
  status: number
  task?: string
  createdAt?: string
  completedAt?: string | null
  retryAfter: string | null
}

/** A create, reads every 200 ms of wall time until the task is final (the 5th in a minute of upstream time is refused), then a bad key. */
async function session(base: string, key: string, bad: string, advance: (ms: number) => void): Promise<Seen[]> {
  const seen: Seen[] = []
  const call = async (path: string, apiKey: string, body?: unknown): Promise<{ data?: Record<string, unknown> }> => {
    const init: RequestInit =
      body === undefined
        ? { headers: { 'x-api-key': apiKey } }
        : { method: 'POST', headers: { 'x-api-key': apiKey, 'content-type': 'application/json' }, body: JSON.stringify(body) }
    const response = await fetch(`${base}${path}`, init)
    const parsed = (await response.json()) as { data?: Record<string, unknown> }
    const data = parsed.data
    seen.push({
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      ...(data !== undefined && 'status' in data && { task: String(data['status']), createdAt: String(data['created_at']) }),
      ...(data !== undefined && 'completed_at' in data && { completedAt: data['completed_at'] as string | null }),
    })
    return parsed
  }
  const created = await call('/api/v1/task', key, { model: 'music-model', task_type: 'lyrics', input: { prompt: 'rain' } })
  const id = String(created.data!['task_id'])
  for (let read = 0; read < 20; read++) {
    advance(200)
    const answer = await call(`/api/v1/task/${id}`, key)
    if (answer.data?.['status'] === 'success') break
  }
  await call('/api/v1/task', bad, { model: 'music-model', task_type: 'lyrics', input: { prompt: 'rain' } })
  await call('/api/v1/account/usage', bad)
  return seen
}

it('replays a 401 for an unknown key, the upstream rate limit, and the upstream durations', async () => {
  let wall = Date.parse('2026-11-02T10:00:00.000Z')
  const upstream = await startServer({ scenario: UPSTREAM, wallNow: () => wall })
  started.push(upstream)
  const target = parseUpstream(upstream.url)
  if ('error' in target) throw new Error(target.error)
  const proxy = await startRecordProxy({ upstream: target, now: () => wall })
  started.push(proxy)
  const recorded = await session(proxy.url, KEY, BAD, (ms) => (wall += ms))
  const statuses = recorded.map((seen) => seen.status)
  expect(statuses).toContain(429)
  expect(statuses.slice(-2)).toEqual([401, 401])
  const done = recorded.find((seen) => seen.task === 'success')!
  expect(Date.parse(done.completedAt!) - Date.parse(done.createdAt!)).toBe(90_000)

  const yaml = proxy.yaml()
  const parsed = parseScenario(yaml, 'recorded.yaml')
  expect(parsed.ok ? [] : parsed.errors).toEqual([])
  expect(yaml).toContain('rate_limit: { per_minute: 4 }')
  expect(yaml).not.toMatch(/status: 429/)
  expect(yaml).toContain('clock: { mode: auto, speed: 60,')

  let replayWall = Date.parse('2027-05-05T12:00:00.000Z')
  const replay = await startServer({ scenario: yaml, wallNow: () => replayWall })
  started.push(replay)
  const replayed = await session(replay.url, 'recorded-key-1', 'recorded-key-2', (ms) => (replayWall += ms))
  expect(replayed).toEqual(recorded)
})
