/** One bound on every journal of a server (domain/journal-budget.ts): the largest gives up its oldest. */
import { describe, expect, it } from 'vitest'
import { message } from '../../src/domain/exchange.js'
import { Journal } from '../../src/domain/journal.js'
import { JournalBudget } from '../../src/domain/journal-budget.js'

const record = (journal: Journal, body = 'x', apiKey = 'k') =>
  journal.record({
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
    exchange: { request: message({}, body), response: null },
  })

/** What the journals hold, summed: the budget's own count must agree. */
const sum = (journals: Journal[]) => ({
  entries: journals.reduce((total, journal) => total + journal.size, 0),
  characters: journals.reduce((total, journal) => total + journal.detailCharacters, 0),
})

describe('journal budget', () => {
  it('holds all journals to one number of entries; a flooding journal sheds its own, a quiet one keeps its', () => {
    const budget = new JournalBudget({ entries: 1_000, characters: 1_000_000 })
    const quiet = new Journal({ now: () => 0, budget })
    const loud = new Journal({ now: () => 0, budget })
    for (let index = 0; index < 50; index++) record(quiet)
    for (let index = 0; index < 20_000; index++) record(loud)
    const { entries } = budget.held
    expect(entries).toBeLessThanOrEqual(1_000)
    expect(entries).toBe(sum([quiet, loud]).entries)
    expect(quiet.size).toBe(50)
    expect(loud.size).toBeGreaterThan(900)
    expect(loud.dropped).toBe(loud.recorded - loud.size)
    expect(loud.entries().at(-1)?.seq).toBe(20_000)
  })

  it('holds all bodies to one number of characters; the entries stay, their bodies go, oldest first', () => {
    const budget = new JournalBudget({ entries: 100_000, characters: 50_000 })
    const journals = [0, 1, 2].map(() => new Journal({ now: () => 0, budget }))
    for (let round = 0; round < 40; round++) for (const journal of journals) record(journal, 'y'.repeat(1_000))
    expect(budget.held.characters).toBeLessThanOrEqual(50_000)
    expect(budget.held.characters).toBe(sum(journals).characters)
    for (const journal of journals) {
      expect(journal.size).toBe(40)
      expect(journal.exchange(40)?.request.body).toHaveLength(1_000)
      expect(journal.exchange(1)).toBeNull()
    }
  })

  it('a released journal stops counting; a key removed takes its entries out of the count', () => {
    const budget = new JournalBudget({ entries: 100, characters: 1_000_000 })
    const kept = new Journal({ now: () => 0, budget })
    const gone = new Journal({ now: () => 0, budget })
    for (let index = 0; index < 60; index++) record(gone)
    gone.release()
    for (let index = 0; index < 10; index++) record(gone) // an answer still in flight: not counted
    expect(budget.held).toEqual({ entries: 0, characters: 0, journals: 1 })
    for (let index = 0; index < 30; index++) record(kept, 'z', index % 2 === 0 ? 'a' : 'b')
    kept.removeKey('a')
    expect(budget.held.entries).toBe(15)
    for (let index = 0; index < 100; index++) record(kept)
    expect(kept.size).toBeLessThanOrEqual(100)
    expect(budget.held).toEqual({ ...sum([kept]), journals: 1 })
  })

  it('refuses a limit that is not a positive whole number, naming it', () => {
    expect(() => new JournalBudget({ entries: 0 })).toThrow('journal budget: entries must be a positive whole number, got 0')
    expect(() => new JournalBudget({ characters: 1.5 })).toThrow('characters')
  })
})
