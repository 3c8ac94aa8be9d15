/** The journal's headers and bodies stay within their memory bound (domain/exchange.ts). */
import { describe, expect, it } from 'vitest'
import { BODY_CAP, ExchangeStore, message } from '../../src/domain/exchange.js'
import { Journal } from '../../src/domain/journal.js'
import { heapUsed } from '../support/heap.js'

const record = (journal: Journal, body: string) =>
  journal.record({
    method: 'POST',
    path: '/api/v1/task',
    endpoint: 'create',
    apiKey: 'k',
    taskId: null,
    taskType: null,
    status: 202,
    taskStatus: null,
    retryAfterMs: null,
    delayMs: 0,
    fingerprint: null,
    credits: null,
    exchange: { request: message({}, body), response: null },
  })

describe('journal exchanges', () => {
  it('cuts a body at BODY_CAP characters and says how long it was', () => {
    expect(message({}, 'x'.repeat(BODY_CAP + 10))).toEqual({ headers: {}, body: 'x'.repeat(BODY_CAP), truncated: BODY_CAP + 10 })
    expect(message({}, 'short')).toEqual({ headers: {}, body: 'short', truncated: null })
  })

  it('masks the same body again for another key or label, never showing the last one masked', () => {
    // The last body masked is remembered (a finished task read again and again): only for the same key and label.
    const body = '{"prompt":"keys key-one and key-two"}'
    expect(message({}, body, 'key-one', '#1').body).toBe('{"prompt":"keys #1 and key-two"}')
    expect(message({}, body, 'key-one', '#1').body).toBe('{"prompt":"keys #1 and key-two"}')
    expect(message({}, body, 'key-two', '#2').body).toBe('{"prompt":"keys key-one and #2"}')
    expect(message({}, body, 'key-two', 'second').body).toBe('{"prompt":"keys key-one and second"}')
    expect(message({}, `${body} `, 'key-two', 'second').body).toBe('{"prompt":"keys key-one and second"} ')
  })

  it('keeps only the characters it shows of a 1 MiB body, not the whole body (issue 40)', () => {
    const journal = new Journal({ now: () => 0 })
    const before = heapUsed()
    // Each body its own string, as each request's is: a cut that still points into it keeps it all.
    for (let index = 0; index < 64; index++) record(journal, `{"n":${index},"pad":"${'x'.repeat(1 << 20)}"}`)
    const kept = heapUsed() - before
    expect(journal.exchange(64)?.request.truncated).toBeGreaterThan(1 << 20)
    // 64 × 4 KiB shown; the whole bodies would be 64 MiB.
    expect(kept).toBeLessThan(8 * 2 ** 20)
  })

  it('drops the oldest exchanges past its budget, and keeps their entries', () => {
    const journal = new Journal({ now: () => 0, detailBudget: 2500 })
    for (let index = 0; index < 5; index++) record(journal, String(index).repeat(1000))
    expect(journal.size).toBe(5)
    expect([1, 2, 3].map((seq) => journal.exchange(seq))).toEqual([null, null, null])
    expect(journal.exchange(5)?.request.body).toBe('4'.repeat(1000))
    expect(journal.exchange(4)?.request.body).toBe('3'.repeat(1000))
  })

  it('drops an exchange with its entry when the ring overwrites it', () => {
    const journal = new Journal({ now: () => 0, capacity: 2 })
    for (let index = 0; index < 3; index++) record(journal, `body ${index}`)
    expect(journal.exchange(1)).toBeNull()
    expect(journal.exchange(3)?.request.body).toBe('body 2')
    const store = new ExchangeStore(10)
    store.put(1, { request: message({}, '12345'), response: null })
    store.delete(1)
    expect(store.used).toBe(0)
  })

  it('finds each exchange by its sequence number among gaps, deletions and a compaction', () => {
    const store = new ExchangeStore()
    const put = (seq: number) => store.put(seq, { request: message({ n: String(seq) }, null), response: seq % 2 === 0 ? null : message({}, `r${seq}`) })
    for (let seq = 1; seq <= 6000; seq += 3) put(seq) // entries 2, 3, 5, 6, … kept no exchange
    for (const seq of [4, 301, 5998]) store.delete(seq)
    store.delete(5) // never put: ignored
    expect(store.counts).toEqual({ held: 1997, queued: 2000 })
    expect(store.get(1)).toEqual({ request: { headers: { n: '1' }, body: null, truncated: null }, response: { headers: {}, body: 'r1', truncated: null } })
    expect(store.get(298)?.response).toBeNull()
    expect([2, 4, 301, 5998, 6001].map((seq) => store.get(seq))).toEqual([null, null, null, null, null])
    for (let seq = 1; seq <= 5998; seq += 3) store.delete(seq) // the journal drops them, oldest first
    for (let seq = 6001; seq <= 7000; seq += 3) put(seq) // the queue is compacted on the first
    expect(store.counts).toEqual({ held: 334, queued: 334 })
    expect(store.get(6001)?.response?.body).toBe('r6001')
    expect(store.get(6004)?.response).toBeNull()
    expect(store.get(5995)).toBeNull()
    expect(store.get(7000)?.request.headers).toEqual({ n: '7000' })
  })

  it('stays as small as the journal when nothing passes the budget (1,000 entries kept of 20,000)', () => {
    const journal = new Journal({ now: () => 0, capacity: 1000 })
    for (let index = 0; index < 20_000; index++) record(journal, 'x')
    expect(journal.exchange(19_000)).toBeNull()
    expect(journal.exchange(20_000)?.request.body).toBe('x')
    expect(journal.exchangeCounts).toEqual({ held: 1000, queued: 1000 })
  })
})
