/**
 * The page's pure helpers, in Node: the chart's replay of a ledger (it must end where the fake's
 * ledger is, for any mix of creates, forced ends and top-ups) and the reading of the scenario
 * errors the admin API answers.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createTask } from '../support/api-calls.js'
import { balances } from '../../src/inspector/page/credits-chart.js'
import { conditions, entryId } from '../../src/inspector/page/counters-panel.js'
import { diffOf } from '../../src/inspector/page/near-misses.js'
import { mistakesOf } from '../../src/inspector/page/scenario-panel.js'
import { createMock } from '../../src/mock/create-mock.js'
import { RUNS } from '../support/hostile.js'

const SCENARIO = 'version: 1\nseed: 9\naccounts:\n  - { api_key: k, credits: 30 }\n'
const body = JSON.stringify({ model: 'music-model', task_type: 'lyrics', input: { prompt: 'rain' } })

describe('balances (the credits chart)', () => {
  it('replays any ledger to the fake’s own available, frozen and spent, never below zero', () => {
    const step = fc.oneof(
      fc.constant({ kind: 'create' as const }),
      fc.record({
        kind: fc.constant('force' as const),
        status: fc.constantFrom('success', 'failure', 'timeout') as fc.Arbitrary<'success' | 'failure' | 'timeout'>,
      }),
      fc.record({ kind: fc.constant('top-up' as const), credits: fc.integer({ min: 1, max: 50 }) }),
    )
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const mock = createMock({ scenario: SCENARIO })
        for (const next of steps) {
          if (next.kind === 'create') createTask(mock.world, { apiKey: 'k', origin: 'http://x', contentType: 'application/json', body })
          else if (next.kind === 'top-up') mock.accounts.topUp('k', next.credits)
          else {
            const open = mock.tasks.list({ apiKey: 'k' }).find((task) => task.completed_at === null)
            if (open !== undefined) mock.tasks.force(open.task_id, next.status)
          }
        }
        const account = mock.accounts.get('k')
        const replayed = balances(account.events)
        expect(replayed.at(-1)).toEqual({ available: account.available, frozen: account.frozen, spent: account.spent })
        for (const balance of replayed) expect(Math.min(balance.available, balance.frozen, balance.spent)).toBeGreaterThanOrEqual(0)
      }),
      { numRuns: RUNS },
    )
  })
})

describe('mistakesOf (the scenario editor)', () => {
  it('reads line, column and message of each `<request body>:LINE:COL:` line, and keeps others whole', () => {
    expect(
      mistakesOf('<request body>:8:17: timelines.default.0.status: unknown status "pendin"\n<request body>:2:1: acounts: unknown key\nExpected a scenario'),
    ).toEqual([
      {
        line: 8,
        column: 17,
        message: 'timelines.default.0.status: unknown status "pendin"',
        text: '<request body>:8:17: timelines.default.0.status: unknown status "pendin"',
      },
      { line: 2, column: 1, message: 'acounts: unknown key', text: '<request body>:2:1: acounts: unknown key' },
      { line: 0, column: 0, message: 'Expected a scenario', text: 'Expected a scenario' },
    ])
  })
})

describe('conditions (the faults & rules view)', () => {
  it('writes the conditions given, in order, and an input test with its value as JSON', () => {
    expect(conditions({ endpoint: 'create', api_key: null, task_type: null, nth: 3, times: null, probability: null })).toBe('endpoint create · nth 3')
    expect(conditions({ api_key: 'qa…y', input: { gpt_description_prompt: { contains: 'stuck' } }, mode: null })).toBe(
      'api_key qa…y · input.gpt_description_prompt contains "stuck"',
    )
    expect(conditions({ endpoint: null, nth: null })).toBe('every request')
  })

  it('names a row by its part and index, as its address does', () => {
    expect([entryId('faults', 0), entryId('rules', 2)]).toEqual(['fault-0', 'rule-2'])
  })
})

describe('diffOf (a near miss in a request’s Why not)', () => {
  it('writes what the entry wanted and what the request had as the scenario would: numbers bare, texts quoted, a field test in words', () => {
    expect(diffOf({ part: 'faults', field: 'nth', wanted: 3, got: 4 })).toEqual({ wanted: '3', got: '4' })
    expect(diffOf({ part: 'faults', field: 'api_key', wanted: 'othe…key', got: 'qa…y' })).toEqual({ wanted: '"othe…key"', got: '"qa…y"' })
    // A text that reads "none" and no value at all look different.
    expect(diffOf({ part: 'rules', field: 'mode', wanted: 'custom', got: null })).toEqual({ wanted: '"custom"', got: 'none' })
    expect(diffOf({ part: 'rules', field: 'mode', wanted: 'custom', got: 'none' })).toEqual({ wanted: '"custom"', got: '"none"' })
    expect(diffOf({ part: 'rules', field: 'input.prompt', wanted: { contains: 'rain' }, got: 'sun' })).toEqual({ wanted: 'contains "rain"', got: '"sun"' })
    expect(diffOf({ part: 'rules', field: 'input.mv', wanted: { exists: true }, got: null })).toEqual({ wanted: 'exists true', got: 'none' })
    expect(diffOf({ part: 'rules', field: 'input.n', wanted: { equals: { a: 1 } }, got: { a: 2 } })).toEqual({ wanted: 'equals {"a":1}', got: '{"a":2}' })
    expect(diffOf({ part: 'faults', field: 'probability', wanted: 0.25, got: 0.8123 })).toEqual({ wanted: '0.25', got: '0.8123' })
    expect(diffOf({ part: 'rules', field: 'first_match_wins', wanted: null, got: 0 })).toEqual({ wanted: 'to apply first', got: 'rules[0] applied first' })
  })
})
