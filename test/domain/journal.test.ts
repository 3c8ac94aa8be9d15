import { describe, expect, it } from 'vitest'
import { Journal, type JournalRecord } from '../../src/domain/journal.js'
import { maskKey } from '../../src/domain/mask.js'

const usage = (apiKey: string | null): JournalRecord => ({
  method: 'GET',
  path: '/api/v1/account/usage',
  endpoint: 'usage',
  apiKey,
  taskId: null,
  taskType: null,
  status: 200,
  taskStatus: null,
  retryAfterMs: null,
  delayMs: 0,
  fingerprint: null,
  credits: null,
})

describe('Journal', () => {
  it('stamps entries with sequence, clock, wall and pace times from its sources', () => {
    let now = 100
    const journal = new Journal({ now: () => now, wall: () => 5_000, jumps: () => 2_000 })
    journal.record(usage('a'))
    now = 250
    const second = journal.record(usage('b'))
    expect(second).toMatchObject({ seq: 2, at: 250, wall: 5_000, pace: 7_000, apiKey: 'b' })
    expect(journal.entries().map((entry) => entry.at)).toEqual([100, 250])
  })

  it('keeps the newest `capacity` entries, oldest first, and counts what it dropped', () => {
    const journal = new Journal({ capacity: 3, now: () => 0 })
    for (const key of ['a', 'b', 'c', 'd', 'e']) journal.record(usage(key))
    expect(journal.entries().map((entry) => entry.apiKey)).toEqual(['c', 'd', 'e'])
    expect({ size: journal.size, recorded: journal.recorded, dropped: journal.dropped }).toEqual({ size: 3, recorded: 5, dropped: 2 })
  })

  it("forgets one key's entries, keeps the order of the rest, and never reuses a sequence number", () => {
    const journal = new Journal({ capacity: 4, now: () => 0 })
    for (const key of ['a', 'b', 'a', 'c', 'b']) journal.record(usage(key))
    journal.removeKey('b')
    expect(journal.entries().map((entry) => [entry.seq, entry.apiKey])).toEqual([
      [3, 'a'],
      [4, 'c'],
    ])
    expect(journal.record(usage('d')).seq).toBe(6)
    for (const key of ['e', 'f', 'g']) journal.record(usage(key))
    expect(journal.entries().map((entry) => entry.apiKey)).toEqual(['d', 'e', 'f', 'g'])
    expect(journal.dropped).toBe(3)
  })

  it('rejects a capacity that is not a positive integer', () => {
    expect(() => new Journal({ capacity: 0, now: () => 0 })).toThrow('journal capacity must be a positive integer, got 0')
  })
})

describe('maskKey', () => {
  it.each([
    ['demo-key', 'demo…key'],
    ['demo-key-2', 'demo…y-2'],
    ['sk-live-4f9a8c2e', 'sk-l…8c2e'],
    ['key-a', 'ke…a'],
    ['low', 'l…w'],
    ['ab', 'a…'],
    [null, '(no key)'],
    ['', '(no key)'],
  ])('%s → %s', (key, masked) => {
    expect(maskKey(key)).toBe(masked)
  })

  it('counts characters, not UTF-16 units, in a key with characters beyond the BMP', () => {
    expect(maskKey('🔑🔑🔑🔑-key')).toBe('🔑🔑🔑🔑…key')
    expect(maskKey('a🔑b')).toBe('a…b')
    expect(maskKey('🔑🔑')).toBe('🔑…')
  })

  it('never shows a key of 5 or more characters whole', () => {
    for (const key of ['abcde', 'abcdefgh', 'x'.repeat(40)]) expect(maskKey(key).replace('…', '')).not.toBe(key)
  })
})
