/**
 * Property (issue 39): under every clock mode (a manual clock, a manual clock with `tick`, where
 * each task has its own time, and an auto clock), for any interleaving of creates, reads, usage,
 * top-ups, clock moves and forced ends on two keys, every account's credit events are in time
 * order; replayed in that order they never go below zero and end at the account's ledger; each
 * balance the world showed is the replay of the ledger as it stood then; each event sits at its
 * task's own instant (a freeze at `created_at`, a charge or refund at `completed_at`, a timeout's
 * refund not after its deadline); and nothing already logged lies after a task's creation.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { AutoClock, ManualClock, type Clock } from '../../src/domain/clock.js'
import { ledgerViolations, replayLedger, type CreditEvent, type Ledger } from '../../src/domain/ledger.js'
import type { ClockConfig } from '../../src/domain/types.js'
import { World, type TaskRequest } from '../../src/domain/world.js'
import { domainScenario, T0, timeline } from '../support/domain-scenario.js'

const KEYS = ['a', 'b'] as const
const MUSIC: TaskRequest = { type: 'music', model: 'music-model', mode: 'description', mv: 'voice-v4', input: { gpt_description_prompt: 'x' } }
const LYRICS: TaskRequest = { type: 'lyrics', model: 'music-model', mode: null, mv: null, input: { prompt: 'x' } }
const UPLOAD: TaskRequest = { type: 'upload', model: 'music-model', mode: null, mv: null, input: { url: 'https://x' } }
const CONCAT: TaskRequest = { type: 'concat', model: 'music-model', mode: null, mv: null, input: { clip_id: 'none' } }

const command = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('create' as const), key: fc.constantFrom(...KEYS), request: fc.constantFrom(MUSIC, LYRICS, UPLOAD, CONCAT) }),
  },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('read' as const), task: fc.nat(40) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('advance' as const), ms: fc.integer({ min: 0, max: 90_000 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('usage' as const), key: fc.constantFrom(...KEYS) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('top_up' as const), key: fc.constantFrom(...KEYS), credits: fc.integer({ min: 1, max: 20 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('force' as const),
      task: fc.nat(40),
      status: fc.constantFrom('success' as const, 'failure' as const, 'timeout' as const),
    }),
  },
)

/** A balance the world showed, and the account's events as they stood then. */
interface Shown {
  key: string
  ledger: Ledger
  events: readonly CreditEvent[]
}

const MODES: Array<{ name: string; clock: ClockConfig }> = [
  { name: 'manual', clock: { mode: 'manual', startMs: T0 } },
  { name: 'manual with tick 10s', clock: { mode: 'manual', startMs: T0, tickMs: 10_000 } },
  { name: 'auto at speed 60', clock: { mode: 'auto', startMs: T0, speed: 60 } },
]

function scenarioFor(clock: ClockConfig) {
  return domainScenario({
    clock,
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
      {
        match: { task_type: 'music' },
        timeline: timeline('fails', { status: 'pending', polls: 1, forMs: 15_000 }, { status: 'running', forMs: 15_000 }, { status: 'failure', error: 'no' }),
      },
    ],
  })
}

/** A clock of the mode, and how the test moves it: a manual clock by itself, an auto clock through its wall source. */
function clockFor(config: ClockConfig): { clock: Clock; advance(ms: number): void } {
  if (config.mode === 'manual') {
    const clock = new ManualClock(config.startMs)
    return { clock, advance: (ms) => clock.advance(ms) }
  }
  let wall = 1_000_000
  const clock = new AutoClock({ startMs: config.startMs!, speed: config.speed, wallNow: () => wall })
  return { clock, advance: (ms) => (wall += Math.ceil(ms / config.speed)) }
}

describe.each(MODES)('the ledger in time order under a $name clock (property)', ({ clock: config }) => {
  it('keeps events in time order, at their tasks’ instants, and replays to every balance shown', () => {
    const scenario = scenarioFor(config)
    fc.assert(
      fc.property(fc.array(command, { maxLength: 80 }), (commands) => {
        const { clock, advance } = clockFor(config)
        const world = new World(scenario, clock)
        const ids: string[] = []
        const shown: Shown[] = []
        const show = (key: string): void => {
          const account = world.account(key)!
          shown.push({ key, ledger: { ...account.ledger }, events: account.events })
        }
        for (const step of commands) {
          if (step.kind === 'create') {
            const account = world.account(step.key)!
            const before = account.events
            const created = world.create(account, step.request)
            if (created.ok) {
              ids.push(created.task.id)
              // Nothing the account had already logged happened after this task was created.
              for (const event of before) expect(event.at).toBeLessThanOrEqual(created.task.createdAt)
            } else if (created.error.kind === 'insufficient_credits') expect(created.error.available).toBe(account.ledger.available)
            show(step.key)
          } else if (step.kind === 'read' && ids.length > 0) {
            const task = world.task(ids[step.task % ids.length]!)!
            world.read(world.account(task.apiKey)!, task.id)
          } else if (step.kind === 'advance') {
            advance(step.ms)
          } else if (step.kind === 'usage') {
            world.usage(world.account(step.key)!)
            show(step.key)
          } else if (step.kind === 'top_up') {
            world.topUp(world.account(step.key)!, step.credits)
            show(step.key)
          } else if (step.kind === 'force' && ids.length > 0) {
            world.force(ids[step.task % ids.length]!, step.status)
          }
        }
        for (const key of KEYS) {
          const account = world.account(key)!
          const events = account.events
          for (let index = 1; index < events.length; index++) expect(events[index]!.at).toBeGreaterThanOrEqual(events[index - 1]!.at)
          const balances = replayLedger(events)
          for (const balance of balances) expect(ledgerViolations(balance)).toEqual([])
          expect(balances.at(-1)).toEqual(account.ledger)
          for (const seen of shown.filter((entry) => entry.key === key)) expect(replayLedger(seen.events).at(-1)).toEqual(seen.ledger)
          for (const event of events) {
            if (event.task_id === undefined) continue
            const task = world.task(event.task_id)!
            if (event.kind === 'freeze') expect(event.at).toBe(task.createdAt)
            else expect(event.at).toBe(task.position.completedAt)
            // A timeout is refunded at its deadline, or before it when forced: never after.
            if (event.kind === 'refund' && task.position.status === 'timeout') expect(event.at).toBeLessThanOrEqual(task.deadline!)
          }
        }
      }),
      { numRuns: 250 },
    )
  })
})

describe('two tasks polled in turn on a clock that ticks (issue 39)', () => {
  it('logs the second create after the first task’s charge, as the client saw them', () => {
    const scenario = domainScenario({
      clock: { mode: 'manual', startMs: T0, tickMs: 10_000 },
      defaultTimeline: timeline('default', { status: 'pending', forMs: 15_000 }, { status: 'running', forMs: 25_000 }, { status: 'success' }),
    })
    const world = new World(scenario, new ManualClock(T0))
    const a = world.account('a')!
    const first = world.create(a, LYRICS)
    if (!first.ok) throw new Error('refused')
    for (let read = 0; read < 4; read++) world.read(a, first.task.id)
    expect(first.task.position).toMatchObject({ status: 'success', completedAt: T0 + 50_000 })
    const second = world.create(a, LYRICS)
    if (!second.ok) throw new Error('refused')
    // The client created it after it saw the first one finish: a tick after that, not before.
    expect(second.task.createdAt).toBe(first.task.position.completedAt! + 10_000)
    expect(a.events.map((event) => [event.kind, event.at - T0])).toEqual([
      ['top_up', 0],
      ['freeze', 10_000],
      ['charge', 50_000],
      ['freeze', 60_000],
    ])
  })
})
