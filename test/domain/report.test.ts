/** The client report's rules on hand-made journals: each rule fires on the client that breaks it, and only there. */
import { describe, expect, it } from 'vitest'
import { Journal, type JournalRecord } from '../../src/domain/journal.js'
import { buildReport, type ClientReport } from '../../src/domain/report.js'
import type { TaskStatus } from '../../src/domain/types.js'

/** A journal with a hand-moved pace clock and shorthands for the requests a client sends. */
function client() {
  let t = 0
  const journal = new Journal({ now: () => t, wall: () => t })
  const base: JournalRecord = {
    method: 'GET',
    path: '/',
    endpoint: 'usage',
    apiKey: 'key-a',
    taskId: null,
    taskType: null,
    status: 200,
    taskStatus: null,
    retryAfterMs: null,
    delayMs: 0,
    fingerprint: null,
    credits: null,
  }
  const api = {
    wait: (ms: number) => ((t += ms), api),
    create: (fields: Partial<JournalRecord> = {}) => (
      journal.record({ ...base, endpoint: 'create', status: 202, fingerprint: 1, credits: { available: 100, toppedUp: 100 }, ...fields }),
      api
    ),
    read: (taskId: string, taskStatus: TaskStatus | null, fields: Partial<JournalRecord> = {}) => (
      journal.record({ ...base, endpoint: 'get_task', taskId, taskStatus, ...fields }),
      api
    ),
    usage: (fields: Partial<JournalRecord> = {}) => (journal.record({ ...base, ...fields }), api),
    report: (filter = {}): ClientReport =>
      buildReport({ entries: journal.entries(), recorded: journal.recorded, dropped: journal.dropped, capacity: journal.capacity }, filter),
  }
  return api
}

const rules = (report: ClientReport) => report.violations.map((violation) => [violation.rule, violation.count])

describe('client report rules', () => {
  it('passes a client that polls every 5 s to a final status and stops', () => {
    const c = client().create({ taskId: 't1' })
    for (const status of ['pending', 'running', 'running', 'success'] as const) c.wait(5_000).read('t1', status)
    const report = c.report()
    expect(report.ok).toBe(true)
    expect(report.violations).toEqual([])
    expect(report.keys).toEqual([
      {
        api_key: 'ke…a',
        requests: 5,
        statuses: { '200': 4, '202': 1 },
        violations: 0,
        requests_in_violation: 0,
        tasks: [{ task_id: 't1', created: true, reads: 4, last_status: 'success', read_to_final: true, shortest_gap_ms: 5000, violations: 0 }],
      },
    ])
  })

  it('poll_too_fast: reads of one task closer than a second', () => {
    const c = client()
      .create({ taskId: 't1' })
      .read('t1', 'pending')
      .wait(999)
      .read('t1', 'running')
      .wait(1_000)
      .read('t1', 'running')
      .wait(10)
      .read('t1', 'success')
    const report = c.report()
    expect(rules(report)).toEqual([['poll_too_fast', 2]])
    expect(report.violations[0]).toMatchObject({ task_id: 't1', requests: [3, 5], message: expect.stringContaining('shortest gap 10 ms') })
  })

  it('read_after_final and never_read_to_final', () => {
    const c = client().create({ taskId: 't1' }).create({ taskId: 't2', fingerprint: 2 })
    c.wait(5_000).read('t1', 'failure').wait(5_000).read('t1', 'failure').wait(5_000).read('t1', 'failure')
    c.wait(5_000).read('t2', 'running')
    const report = c.report()
    expect(rules(report)).toEqual([
      ['never_read_to_final', 1],
      ['read_after_final', 2],
    ])
    expect(report.violations[0]!.message).toBe('created at #2 but never read to a final status (last seen running): poll until success, failure or timeout')
  })

  it('retry_after_402: a create answered 402 again with no top-up in between; not after a top-up', () => {
    const broke = { status: 402, credits: { available: 3, toppedUp: 10 } }
    const c = client()
      .create(broke)
      .wait(5_000)
      .create(broke)
      .wait(5_000)
      .create({ status: 402, credits: { available: 3, toppedUp: 15 } })
    expect(rules(c.report())).toEqual([['retry_after_402', 1]])
  })

  it('repeat_after_401: the same rejected key sent again, per key', () => {
    const c = client().usage({ apiKey: 'bad', status: 401 }).wait(5_000).usage({ apiKey: 'bad', status: 401 }).usage({ apiKey: 'bad', status: 401 })
    c.usage({ apiKey: null, status: 401 })
    const report = c.report()
    expect(rules(report)).toEqual([['repeat_after_401', 2]])
    expect(report.violations[0]!.api_key).toBe('b…d')
    expect(report.keys.map((key) => key.api_key)).toEqual(['b…d', '(no key)'])
  })

  it('retry_after_ignored: requests before Retry-After has passed; none once it has', () => {
    const c = client().usage({ status: 429, retryAfterMs: 5_000 }).wait(1_000).usage().wait(3_999).usage().wait(1).usage()
    const report = c.report()
    expect(rules(report)).toEqual([['retry_after_ignored', 2]])
    expect(report.violations[0]!.requests).toEqual([1, 2, 3])
  })

  it('duplicate_create: the same body twice within a second, unless the first was refused with a 4xx', () => {
    const c = client().create({ taskId: 't1', fingerprint: 9 }).wait(300).create({ taskId: 't2', fingerprint: 9 })
    c.wait(300).create({ status: 400, fingerprint: 8 }).wait(10).create({ status: 400, fingerprint: 8 })
    c.wait(300).create({ status: 500, fingerprint: 7 }).wait(10).create({ taskId: 't3', fingerprint: 7 })
    c.wait(5_000).create({ taskId: 't4', fingerprint: 9 })
    for (const id of ['t1', 't2', 't3', 't4']) c.wait(5_000).read(id, 'success')
    const report = c.report()
    expect(rules(report)).toEqual([
      ['duplicate_create', 2],
      ['duplicate_create', 2],
    ])
    expect(report.violations[1]).toMatchObject({
      task_id: 't3',
      message: expect.stringMatching(/^the same create was sent twice 10 ms apart \(#5 500, #6 202\)/),
    })
  })

  it('narrows to one key, and leaves asset downloads out', () => {
    const c = client().usage({ apiKey: 'bad', status: 401 }).usage({ apiKey: 'bad', status: 401 }).usage({ apiKey: 'good' })
    c.usage({ endpoint: 'asset', apiKey: null, status: 404 })
    expect(c.report({ apiKey: 'good' })).toMatchObject({ ok: true, requests: 1, keys: [{ api_key: 'g…d' }] })
    expect(c.report().requests).toBe(3)
    expect(c.report().counts).toMatchObject({ repeat_after_401: 1, poll_too_fast: 0 })
  })
})

describe('the report at scale (issue 39)', () => {
  it('counts a request inside two overlapping Retry-After windows once, in one violation', () => {
    // A client hammering a rate limit: every early request is itself a 429 with a Retry-After.
    const c = client().usage({ status: 429, retryAfterMs: 60_000 })
    for (let index = 0; index < 20; index++) c.wait(100).usage({ status: 429, retryAfterMs: 60_000 })
    const report = c.report()
    expect(rules(report)).toEqual([['retry_after_ignored', 20]])
    expect(report.violations[0]!.requests).toHaveLength(21)
    expect(report.groups).toEqual([{ rule: 'retry_after_ignored', api_key: 'ke…a', violations: 1, requests: 20 }])
    expect(report.requests_in_violation).toBe(20)
  })

  it('counts a request that breaks two rules once in the totals, and once in each rule', () => {
    // Reads after the end, too fast: each of the 3 last reads breaks both poll_too_fast and read_after_final.
    const c = client().create({ taskId: 't1' }).wait(5_000).read('t1', 'success')
    for (let index = 0; index < 3; index++) c.wait(10).read('t1', 'success')
    const report = c.report()
    expect(rules(report)).toEqual([
      ['poll_too_fast', 3],
      ['read_after_final', 3],
    ])
    expect(report.requests_in_violation).toBe(3)
    expect(report.keys[0]).toMatchObject({ violations: 2, requests_in_violation: 3 })
    expect(report.groups.map((group) => [group.rule, group.requests])).toEqual([
      ['poll_too_fast', 3],
      ['read_after_final', 3],
    ])
  })

  it('groups violations by rule and key, rules in their table order', () => {
    const c = client()
    for (const key of ['key-b', 'key-a'])
      for (const id of ['t1', 't2']) c.create({ apiKey: key, taskId: `${key}-${id}`, fingerprint: Math.random() }).wait(5_000)
    c.usage({ apiKey: 'bad', status: 401 }).usage({ apiKey: 'bad', status: 401 })
    expect(c.report().groups).toEqual([
      { rule: 'never_read_to_final', api_key: 'ke…b', violations: 2, requests: 2 },
      { rule: 'never_read_to_final', api_key: 'ke…a', violations: 2, requests: 2 },
      { rule: 'repeat_after_401', api_key: 'b…d', violations: 1, requests: 1 },
    ])
  })

  it('says Retry-After in seconds, as its header does, and a gap between requests in ms, whatever its size', () => {
    const c = client().usage({ status: 503, retryAfterMs: 30_000 }).wait(12_500).usage()
    expect(c.report().violations[0]!.message).toMatch(/within the Retry-After of 30 s given with 503 at #1 \(the first 12500 ms later\)/)
  })
})
