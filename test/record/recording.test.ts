/** The recording: keys to placeholders, which requests count towards fault positions, credits and service settings seen. */
import { describe, expect, it } from 'vitest'
import { Recording, type Exchange } from '../../src/record/recording.js'
import { scenarioOf } from '../../src/record/write-scenario.js'
import { parseScenario } from '../../src/scenario/index.js'
import { writeScenario } from '../../src/record/write-scenario.js'

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Exchange['response'] => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
})
const create = (
  at: number,
  apiKey: string | null,
  response: Exchange['response'],
  body: unknown = { model: 'm-1', task_type: 'music', input: { gpt_description_prompt: 'x' } },
): Exchange => ({
  at,
  method: 'POST',
  path: '/api/v1/task',
  apiKey,
  contentType: 'application/json',
  body: typeof body === 'string' ? body : JSON.stringify(body),
  response,
})
const get = (at: number, apiKey: string | null, path: string, response: Exchange['response']): Exchange => ({
  at,
  method: 'GET',
  path,
  apiKey,
  contentType: null,
  body: '',
  response,
})
const created = (id: string, cost = 12) =>
  json(202, { code: 202, data: { task_id: id, type: 'music', status: 'pending', credits_charged: cost, created_at: '2026-01-01T00:00:00.000Z' } })
const meta = { upstream: 'https://api.example.test', wallNow: 0 }

describe('Recording', () => {
  it('replaces keys by placeholders in order of first use and hands out none of them', () => {
    const recording = new Recording()
    expect(recording.add(create(0, 'real-key-B', created('t1')))).toBe('recorded-key-1')
    expect(recording.add(get(1, 'real-key-A', '/api/v1/account/usage', json(401, { code: 401, message: 'Invalid API key' })))).toBe('recorded-key-2')
    expect(recording.add(create(2, 'real-key-B', created('t2')))).toBe('recorded-key-1')
    expect(recording.add(get(3, null, '/api/v1/account/usage', json(401, { code: 401, message: 'Missing API key' })))).toBe(null)
    expect(recording.add(get(4, 'real-key-C', '/openapi.json', json(200, {})))).toBe(null) // not the public API: not recorded
    const yaml = writeScenario(recording.session(meta))
    expect(yaml).not.toContain('real-key')
    // real-key-A was only ever refused (401): no account (unknown-key.test.ts).
    expect(scenarioOf(recording.session(meta)).file['accounts']).toEqual([{ api_key: 'recorded-key-1', credits: 24 }])
  })

  it("places faults at the key's nth request to the endpoint, counting only requests the replay counts", () => {
    const recording = new Recording()
    recording.add(create(0, 'k', created('t1')))
    recording.add(create(1, 'k', json(400, { code: 400, message: 'Malformed JSON' }), '{not json')) // the fake refuses it before its faults
    recording.add(create(2, 'k', json(429, { code: 429, message: 'Slow down' }, { 'Retry-After': '3', 'X-RateLimit-Limit': '10', 'Set-Cookie': 'a=b' })))
    recording.add(get(3, 'k', '/api/v1/task/nope', json(404, { code: 404, message: 'Task not found: "nope"' }))) // the fake's own 404
    recording.add(get(4, 'k', '/api/v1/task/t1', json(502, { code: 502, message: 'Bad gateway: the upstream service is unreachable (ECONNREFUSED)' })))
    recording.add(get(5, 'k', '/api/v1/task/t1', { status: 503, headers: {}, body: '<html>busy</html>' }))
    expect(scenarioOf(recording.session(meta)).file['faults']).toEqual([
      {
        match: { endpoint: 'create', api_key: 'recorded-key-1', nth: 2 },
        respond: { status: 429, message: 'Slow down', headers: { 'Retry-After': '3', 'X-RateLimit-Limit': '10' } },
      },
      {
        match: { endpoint: 'get_task', api_key: 'recorded-key-1', nth: 2 },
        respond: { status: 502, message: 'Bad gateway: the upstream service is unreachable (ECONNREFUSED)' },
      },
      { match: { endpoint: 'get_task', api_key: 'recorded-key-1', nth: 3 }, respond: { status: 503, message: '<html>busy</html>' } },
    ])
  })

  it('opens each account with the credits it had before the session, from its first usage read', () => {
    const recording = new Recording()
    recording.add(create(0, 'k', created('t1', 10)))
    recording.add(create(1, 'k', created('t2', 10)))
    recording.add(
      get(
        2,
        'k',
        '/api/v1/task/t2',
        json(200, {
          code: 200,
          data: {
            task_id: 't2',
            type: 'music',
            status: 'failure',
            error: 'no',
            created_at: '2026-01-01T00:00:00.000Z',
            completed_at: '2026-01-01T00:00:01.000Z',
          },
        }),
      ),
    )
    // 5000 topped up over its life, 3000 used before the session; t1 is frozen (counted), t2 refunded (not).
    recording.add(get(3, 'k', '/api/v1/account/usage', json(200, { code: 200, data: { tasks_created: 90, credits_used: 3010, credits_topped_up: 5000 } })))
    expect(scenarioOf(recording.session(meta)).file['accounts']).toEqual([{ api_key: 'recorded-key-1', credits: 2000 }])
  })

  it('sets the service so the replay accepts what the upstream accepted: model, versions, prices, long inputs', () => {
    const recording = new Recording()
    recording.add(create(0, 'k', created('t1', 7), { model: 'm-1', task_type: 'music', input: { gpt_description_prompt: 'p'.repeat(900), mv: 'voice-v5' } }))
    const session = recording.session(meta)
    expect(session.service).toEqual({
      model: 'm-1',
      versions: ['voice-v3-5', 'voice-v4', 'voice-v5'],
      prices: { music: 7 },
      timeout_after: null,
      limits: { gpt_description_prompt: 900 },
    })
    const parsed = parseScenario(writeScenario(session), 'recorded.yaml')
    expect(parsed.ok ? [] : parsed.errors).toEqual([])
  })

  it('starts the replay clock where the upstream clock stood when the session began', () => {
    const recording = new Recording()
    recording.add(get(1_000, 'k', '/api/v1/account/usage', json(200, { code: 200, data: { tasks_created: 0, credits_used: 0, credits_topped_up: 50 } })))
    recording.add(create(4_000, 'k', created('t1'))) // created_at 2026-01-01T00:00:00.000Z, 3 s into the session
    expect(recording.session(meta).clock).toEqual({ mode: 'auto', speed: 1, start: Date.parse('2025-12-31T23:59:57.000Z') })
  })

  it('orders requests by arrival and sightings by time when answers come back out of order', () => {
    const recording = new Recording()
    const taskJson = (status: string) => json(200, { code: 200, data: { task_id: 't1', type: 'music', status } })
    recording.add({ ...create(0, 'k', created('t1')), seq: 1 })
    recording.add({ ...get(20, 'k', '/api/v1/task/t1', taskJson('running')), seq: 3 })
    recording.add({ ...get(10, 'k', '/api/v1/task/t1', json(503, { code: 503, message: 'busy' })), seq: 2 })
    recording.add({ ...get(5, 'k', '/api/v1/task/t1', taskJson('pending')), seq: 4 })
    const session = recording.session(meta)
    expect(session.tasks[0]!.seen.map((seen) => [seen.at, seen.status])).toEqual([
      [0, 'pending'],
      [5, 'pending'],
      [20, 'running'],
    ])
    expect(scenarioOf(session).file['faults']).toEqual([
      { match: { endpoint: 'get_task', api_key: 'recorded-key-1', nth: 1 }, respond: { status: 503, message: 'busy' } },
    ])
  })

  it('scrubs keys and secrets an upstream echoes: in messages, errors, outputs and headers', () => {
    const recording = new Recording({ secrets: ['qa-user', 'hunter2-PASSWORD'] })
    const echo = 'key real-key-123 with Bearer tok-abcdef and hunter2-PASSWORD'
    recording.add({ ...create(0, 'real-key-123', created('t1')), secrets: ['Bearer tok-abcdef'] })
    recording.add(
      get(1, 'real-key-123', '/api/v1/task/t1', json(200, { code: 200, data: { task_id: 't1', status: 'failure', error: echo, completed_at: null } })),
    )
    recording.add(get(2, 'real-key-123', '/api/v1/account/usage', json(429, { code: 429, message: echo }, { 'Retry-After': 'tok-abcdef' })))
    const yaml = writeScenario(recording.session(meta))
    for (const secret of ['real-key-123', 'tok-abcdef', 'hunter2', 'qa-user']) expect(yaml).not.toContain(secret)
    expect(yaml).toContain('key recorded-key-1 with <redacted> and <redacted>') // "Bearer tok-…" goes whole
  })
})
