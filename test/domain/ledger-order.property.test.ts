/**
 * Property: for any interleaving of creates, reads, usage looks, top-ups, clock moves and forced
 * ends, every account's credit events are in time order, and replaying them gives every balance
 * the world showed (a usage answer, a 402's "available", the balance a create was decided on),
 * with nothing logged later that happened before the moment it was shown (issue 29).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ManualClock } from '../../src/domain/clock.js'
import { replayLedger, type Ledger } from '../../src/domain/ledger.js'
import { World, type TaskRequest } from '../../src/domain/world.js'
import { domainScenario, T0, timeline } from '../support/domain-scenario.js'

const KEYS = ['a', 'b'] as const
const MUSIC: TaskRequest = { type: 'music', model: 'music-model', mode: 'description', mv: 'voice-v4', input: { gpt_description_prompt: 'x' } }
const LYRICS: TaskRequest = { type: 'lyrics', model: 'music-model', mode: null, mv: null, input: { prompt: 'x' } }
const UPLOAD: TaskRequest = { type: 'upload', model: 'music-model', mode: null, mv: null, input: { url: 'https://x' } }

const command = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), key: fc.constantFrom(...KEYS), request: fc.constantFrom(MUSIC, LYRICS, UPLOAD) }),
  fc.record({ kind: fc.constant('read' as const), task: fc.nat(40) }),
  fc.record({ kind: fc.constant('advance' as const), ms: fc.integer({ min: 0, max: 200_000 }) }),
  fc.record({ kind: fc.constant('usage' as const), key: fc.constantFrom(...KEYS) }),
  fc.record({ kind: fc.constant('top_up' as const), key: fc.constantFrom(...KEYS), credits: fc.integer({ min: 1, max: 20 }) }),
  fc.record({ kind: fc.constant('force' as const), task: fc.nat(40), status: fc.constantFrom('success' as const, 'failure' as const, 'timeout' as const) }),
)

/** A balance the world showed: the account's ledger at `at`, when it had logged `logged` events. */
interface Shown {
  key: string
  at: number
  logged: number
  ledger: Ledger
}

const scenario = domainScenario({
  service: { ...domainScenario().service, timeoutAfterMs: 120_000 },
  accounts: [
    { apiKey: 'a', credits: 40 },
    { apiKey: 'b', credits: 15 },
  ],
  rules: [
    {
      match: { task_type: 'lyrics' },
      timeline: timeline('slow', { status: 'pending', forMs: 30_000 }, { status: 'running', forMs: 500_000 }, { status: 'success' }),
    },
    { match: { task_type: 'upload' }, timeline: timeline('quick', { status: 'running', forMs: 10_000 }, { status: 'success' }) },
  ],
})

describe('the ledger in time order (property)', () => {
  it('keeps events in time order and replays to every balance shown', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 80 }), (commands) => {
        const clock = new ManualClock(T0)
        const world = new World(scenario, clock)
        const ids: string[] = []
        const shown: Shown[] = []
        const show = (key: string, ledger: Readonly<Ledger>): void => {
          const account = world.account(key)!
          shown.push({ key, at: clock.now(), logged: world.eventCount(account), ledger: { ...ledger } })
        }
        for (const step of commands) {
          if (step.kind === 'create') {
            const account = world.account(step.key)!
            const created = world.create(account, step.request)
            if (created.ok) ids.push(created.task.id)
            else if (created.error.kind === 'insufficient_credits') expect(created.error.available).toBe(account.ledger.available)
            show(step.key, account.ledger)
          } else if (step.kind === 'read' && ids.length > 0) {
            const task = world.task(ids[step.task % ids.length]!)!
            world.read(world.account(task.apiKey)!, task.id)
          } else if (step.kind === 'advance') {
            clock.advance(step.ms)
          } else if (step.kind === 'usage') {
            const account = world.account(step.key)!
            world.usage(account)
            show(step.key, account.ledger)
          } else if (step.kind === 'top_up') {
            const account = world.account(step.key)!
            world.topUp(account, step.credits)
            show(step.key, account.ledger)
          } else if (step.kind === 'force' && ids.length > 0) {
            world.force(ids[step.task % ids.length]!, step.status)
          }
        }
        for (const key of KEYS) {
          const events = world.account(key)!.events
          for (let index = 1; index < events.length; index++) expect(events[index]!.at).toBeGreaterThanOrEqual(events[index - 1]!.at)
          const balances = replayLedger(events)
          for (const seen of shown.filter((entry) => entry.key === key)) {
            expect(balances[seen.logged - 1]).toEqual(seen.ledger)
            for (const later of events.slice(seen.logged)) expect(later.at).toBeGreaterThanOrEqual(seen.at)
          }
        }
      }),
      { numRuns: 300 },
    )
  })

  it('records a timeout refund at its deadline before a charge that came later', () => {
    const clock = new ManualClock(T0)
    const world = new World(scenario, clock)
    const a = world.account('a')!
    const slow = world.create(a, LYRICS)
    clock.advance(115_000)
    const quick = world.create(a, UPLOAD)
    expect(slow.ok && quick.ok).toBe(true)
    clock.advance(10_000) // the lyrics task timed out at 120 s; the upload succeeded at 125 s
    world.read(a, quick.ok ? quick.task.id : '')
    world.usage(a)
    expect(a.events.map((event) => [event.kind, event.at - T0])).toEqual([
      ['top_up', 0],
      ['freeze', 0],
      ['freeze', 115_000],
      ['refund', 120_000],
      ['charge', 125_000],
    ])
  })

  it('puts a saved ledger from before issue 29 back in time order when a state file is restored', () => {
    const world = new World(scenario, new ManualClock(T0))
    const a = world.account('a')!
    const events = [
      { kind: 'top_up' as const, credits: 40, at: T0 },
      { kind: 'freeze' as const, credits: 5, task_id: 't1', at: T0 },
      { kind: 'freeze' as const, credits: 1, task_id: 't2', at: T0 + 115_000 },
      { kind: 'charge' as const, credits: 1, task_id: 't2', at: T0 + 125_000 },
      { kind: 'refund' as const, credits: 5, task_id: 't1', at: T0 + 120_000 },
    ]
    const ledger = { available: 39, frozen: 0, spent: 1, topped_up: 40, tasks_created: 2 }
    world.restore({
      accounts: [{ apiKey: 'a', ledger, events, clips: [] }],
      tasks: [],
      rateWindows: [],
      counters: world.counters(),
      incarnations: [],
      epoch: 0,
    })
    const restored = world.account('a')!
    expect(restored).not.toBe(a)
    expect(restored.events.map((event) => event.kind)).toEqual(['top_up', 'freeze', 'freeze', 'refund', 'charge'])
    expect(replayLedger(restored.events).at(-1)).toEqual(ledger)
  })
})
