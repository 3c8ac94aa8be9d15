import { describe, expect, it } from 'vitest'
import { createTask, getTask, getUsage } from '../support/api-calls.js'
import { createMock, type Mock } from '../../src/mock/create-mock.js'
import { restoreWorld, snapshotWorld } from '../../src/state/snapshot.js'

const SCENARIO = `
version: 1
seed: 9
service: { rate_limit: { per_minute: 100 } }
accounts: [{ api_key: a, credits: 100 }, { api_key: b, credits: 20 }]
timelines:
  default: [{ status: pending, polls: 1 }, { status: running, for: 30s }, { status: success }]
  bad: [{ status: pending, polls: 1 }, { status: failure, error: nope }]
rules:
  - match: { task_type: lyrics, nth: 2 }
    timeline: bad
faults:
  - match: { endpoint: usage, nth: 3 }
    respond: { status: 503 }
`
const ORIGIN = 'http://127.0.0.1:4010'
const body = (type: string, input: Record<string, unknown>) => JSON.stringify({ model: 'music-model', task_type: type, input })
const create = (mock: Mock, key: string, text: string) =>
  createTask(mock.world, { apiKey: key, origin: ORIGIN, contentType: 'application/json', body: text }).response!
const read = (mock: Mock, key: string, id: string) => getTask(mock.world, { apiKey: key, origin: ORIGIN }, id).response!
const usage = (mock: Mock, key: string) => getUsage(mock.world, { apiKey: key, origin: ORIGIN }).response!

/** A world with finished, failed and unfinished tasks, counters part-way, and the clock moved. */
function busyMock(): { mock: Mock; ids: string[] } {
  const mock = createMock({ scenario: SCENARIO })
  const ids: string[] = []
  for (const [key, text] of [
    ['a', body('music', { gpt_description_prompt: 'x' })],
    ['a', body('lyrics', { prompt: 'one' })],
    ['a', body('lyrics', { prompt: 'two' })],
    ['b', body('upload', { url: 'https://example.com/a.wav' })],
  ] as const) {
    ids.push((JSON.parse(create(mock, key, text).body) as { data: { task_id: string } }).data.task_id)
  }
  read(mock, 'a', ids[0]!)
  mock.clock.advance('40s')
  read(mock, 'a', ids[0]!)
  read(mock, 'a', ids[2]!)
  read(mock, 'a', ids[2]!)
  usage(mock, 'a')
  return { mock, ids }
}

/** What the owners see from here on: every read, usage (including the nth fault) and a new create. */
function futureOf(mock: Mock, ids: string[]): string[] {
  mock.clock.advance('10s') // still inside the rate limit's window opened at the first request
  // Whole answers: status, headers (the rate limit's remaining count) and body.
  return [
    ...ids.map((id, index) => read(mock, index === 3 ? 'b' : 'a', id)),
    usage(mock, 'a'),
    usage(mock, 'a'),
    create(mock, 'a', body('lyrics', { prompt: 'three' })),
    usage(mock, 'b'),
  ].map((answer) => JSON.stringify(answer))
}

describe('state snapshot', () => {
  it('restores a world that answers exactly as the original would have', () => {
    const { mock, ids } = busyMock()
    const saved = JSON.parse(JSON.stringify(snapshotWorld(mock.world, new Date(0)))) as unknown
    const fresh = createMock({ scenario: SCENARIO })
    expect(restoreWorld(fresh.world, { set: (ms) => void fresh.clock.set(ms) }, saved)).toMatchObject({ ok: true, tasks: 4, accounts: 2 })
    expect(futureOf(fresh, ids)).toEqual(futureOf(mock, ids))
  })

  it('restores a ticking world whose task was created later than its tick (issue 39): same times, same answers', () => {
    const ticking = `version: 1\nclock: { mode: manual, start: "2026-01-01T00:00:00.000Z", tick: 10s }\naccounts: [{ api_key: a, credits: 100 }]\n`
    const mock = createMock({ scenario: ticking })
    const text = body('lyrics', { prompt: 'one' })
    const first = (JSON.parse(create(mock, 'a', text).body) as { data: { task_id: string } }).data.task_id
    for (let poll = 0; poll < 4; poll++) read(mock, 'a', first)
    const second = (JSON.parse(create(mock, 'a', text).body) as { data: { task_id: string; created_at: string } }).data
    expect(second.created_at).toBe('2026-01-01T00:01:00.000Z') // a tick after the first one's charge at 00:50
    const saved = JSON.parse(JSON.stringify(snapshotWorld(mock.world, new Date(0)))) as { tasks: Array<Record<string, unknown>> }
    expect(saved.tasks.map((task) => task['createdAhead'])).toEqual([undefined, 60_000])
    const fresh = createMock({ scenario: ticking })
    expect(restoreWorld(fresh.world, { set: (ms) => void fresh.clock.set(ms) }, saved)).toMatchObject({ ok: true, tasks: 2 })
    const future = (target: Mock) => [0, 1, 2, 3].map(() => read(target, 'a', second.task_id).body)
    expect(future(fresh)).toEqual(future(mock))
  })

  const refusals: Array<[string, (state: Record<string, any>) => void, RegExp]> = [
    ['a foreign format', (s) => (s['format'] = 'something-else'), /^format: /],
    ['a broken ledger', (s) => (s['accounts'][0].ledger.available += 1), /^accounts\.0\.ledger: available \+ frozen \+ spent = \d+, but topped_up = 100/],
    ['a task of no account', (s) => (s['tasks'][0].apiKey = 'ghost'), /^tasks\.0\.apiKey: no account has this key/],
    ['a step beyond the timeline', (s) => (s['tasks'][0].position.step = 9), /^tasks\.0\.position\.step: beyond the task's 3 steps/],
    ['a wrong type', (s) => (s['tasks'][1].reads = 'many'), /^tasks\.1\.reads: /],
    ['another scenario', (s) => (s['scenario'].fingerprint = '00'), /saved under another scenario/],
  ]
  it.each(refusals)('refuses %s, and changes nothing', (_name, corrupt, message) => {
    const { mock } = busyMock()
    const state = JSON.parse(JSON.stringify(snapshotWorld(mock.world, new Date(0)))) as Record<string, any>
    corrupt(state)
    const target = createMock({ scenario: SCENARIO })
    create(target, 'b', body('upload', { url: 'https://example.com/b.wav' }))
    const before = JSON.stringify(snapshotWorld(target.world, new Date(0)))
    const result = restoreWorld(target.world, { set: (ms) => void target.clock.set(ms) }, state)
    expect(result.ok).toBe(false)
    expect(result.ok ? '' : result.message).toMatch(message)
    expect(JSON.stringify(snapshotWorld(target.world, new Date(0)))).toBe(before)
  })
})
