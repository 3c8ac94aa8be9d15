/**
 * Determinism with everything random switched on: weighted outcomes, fault probabilities,
 * nth and times, drops, stale reads and the rate limit. The same scenario and the same
 * requests give byte-identical answers, run after run, and the same bytes through both doors.
 */
import { describe, expect, it } from 'vitest'
import { httpDoor, inProcessDoor, type Door, type Fake } from '../support/doors.js'

const SCENARIO = `
version: 1
seed: 2024
service: { rate_limit: { per_minute: 30 }, timeout_after: 10m }
accounts:
  - { api_key: key-a, credits: 1000 }
  - { api_key: key-b, credits: 1000 }
timelines:
  ok: [{ status: pending, polls: 1 }, { status: running, for: 20s }, { status: success }]
  bad: [{ status: pending, for: 5s }, { status: failure, error: upstream provider error }]
  hang: [{ status: running, for: 1h }, { status: success }]
rules:
  - match: { task_type: upload, nth: 2 }
    timeline: bad
  - one_of: [{ weight: 85, timeline: ok }, { weight: 10, timeline: bad }, { weight: 5, timeline: hang }]
faults:
  - match: { endpoint: create, probability: 0.3 }
    respond: { status: 503, headers: { X-Fault: create-503 } }
  - match: { endpoint: create, api_key: key-b, nth: 3 }
    drop: true
  - match: { endpoint: get_task, probability: 0.15 }
    stale: true
  - match: { endpoint: get_task, probability: 0.1 }
    respond: { status: 502 }
  - match: { endpoint: usage, times: 1 }
    respond: { status: 429, headers: { Retry-After: "3" } }
  - match: { endpoint: usage, probability: 0.5 }
    delay: 5ms
`

const KEPT_HEADERS = ['content-type', 'retry-after', 'x-fault', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']

const bodies = [
  { model: 'music-model', task_type: 'music', input: { gpt_description_prompt: 'night drive synthwave' } },
  { model: 'music-model', task_type: 'lyrics', input: { prompt: 'a song about rain' } },
  { model: 'music-model', task_type: 'upload', input: { url: 'https://example.com/take.wav' } },
]

/** A fixed script of requests from two keys, interleaved; every answer as text, drops included. */
async function session(door: Door): Promise<string[]> {
  const fake: Fake = await door.start(SCENARIO)
  const transcript: string[] = []
  const ids: Record<string, string[]> = { 'key-a': [], 'key-b': [] }
  const record = async (label: string, method: string, path: string, key: string, body?: unknown) => {
    try {
      const reply = await fake.call(method, path, { key, body })
      const headers = KEPT_HEADERS.map((name) => `${name}=${reply.headers.get(name) ?? ''}`).join(' ')
      transcript.push(`${label} ${reply.status} ${headers} ${reply.text.replaceAll(fake.origin, 'ORIGIN')}`)
      return reply
    } catch {
      transcript.push(`${label} DROPPED`)
      return null
    }
  }
  for (let round = 0; round < 12; round++) {
    for (const key of ['key-a', 'key-b']) {
      const created = await record(`create ${key} #${round}`, 'POST', '/api/v1/task', key, bodies[round % 3])
      if (created?.status === 202) ids[key]!.push(created.json.data.task_id)
    }
    fake.mock.clock.advance('7s')
    for (const key of ['key-a', 'key-b']) {
      for (const id of ids[key]!.slice(-4)) await record(`read ${key}`, 'GET', `/api/v1/task/${id}`, key)
      await record(`usage ${key}`, 'GET', '/api/v1/account/usage', key)
    }
  }
  fake.mock.clock.advance('10m')
  for (const key of ['key-a', 'key-b']) for (const id of ids[key]!) await record(`final ${key}`, 'GET', `/api/v1/task/${id}`, key)
  await door.stop()
  return transcript
}

describe('byte-identical answers with faults, weighted outcomes and the rate limit', () => {
  /** msw's setupServer intercepts every fetch while it listens, so each door is set up only for its own sessions. */
  const sessions = async (door: Door, runs: number) => {
    await door.setup()
    try {
      const transcripts: string[][] = []
      for (let run = 0; run < runs; run++) transcripts.push(await session(door))
      return transcripts
    } finally {
      await door.teardown()
    }
  }

  it('gives the same bytes run after run, and through both doors', async () => {
    const [first, second] = await sessions(httpDoor(), 2)
    expect(second).toEqual(first)
    const [inProcess] = await sessions(inProcessDoor(), 1)
    expect(inProcess).toEqual(first)
    // the script really exercised what it claims to
    const all = first!.join('\n')
    for (const seen of ['DROPPED', ' 503 ', ' 502 ', ' 429 ', 'x-fault=create-503', '"status":"failure"', '"status":"timeout"', '"status":"success"']) {
      expect(all).toContain(seen)
    }
    expect(all).toMatch(/ 429 [^\n]*Rate limit exceeded\. Try again in \d+ seconds\./)
  })
})
