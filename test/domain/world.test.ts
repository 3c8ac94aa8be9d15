import { describe, expect, it } from 'vitest'
import { ManualClock } from '../../src/domain/clock.js'
import { ledgerViolations } from '../../src/domain/ledger.js'
import { World, type TaskRequest } from '../../src/domain/world.js'
import { domainScenario, T0, timeline } from '../support/domain-scenario.js'

const music: TaskRequest = { type: 'music', model: 'music-model', mode: 'description', mv: 'voice-v4', input: { gpt_description_prompt: 'x' } }

function world(overrides = {}) {
  const clock = new ManualClock(T0)
  return { clock, world: new World(domainScenario(overrides), clock) }
}

describe('World', () => {
  it('records a freeze and one charge per successful task', () => {
    const { world: w } = world()
    const account = w.account('a')!
    const created = w.create(account, music)
    if (!created.ok) throw new Error('expected the create to succeed')
    for (let i = 0; i < 4; i++) w.read(account, created.task.id)
    expect(account.events.map((e) => e.kind)).toEqual(['top_up', 'freeze', 'charge'])
    expect(account.ledger).toEqual({ available: 90, frozen: 0, spent: 10, topped_up: 100, tasks_created: 1 })
  })

  it('refunds a timed-out task when the account is looked at', () => {
    const { world: w, clock } = world()
    const account = w.account('a')!
    w.create(account, music)
    clock.advance(600_000)
    expect(w.usage(account)).toEqual({ tasks_created: 1, credits_used: 0, credits_topped_up: 100 })
    expect(account.events.at(-1)).toMatchObject({ kind: 'refund', at: T0 + 600_000 })
  })

  it('derives task ids from (seed, key, ordinal) alone', () => {
    const first = world().world
    const second = world().world
    second.create(second.account('b')!, music)
    const a1 = first.create(first.account('a')!, music)
    const a2 = second.create(second.account('a')!, music)
    expect(a1.ok && a2.ok && a1.task.id === a2.task.id).toBe(true)
  })

  it('forces an unfinished task to a final status with the ledger effect, once', () => {
    const { world: w } = world()
    const account = w.account('a')!
    const created = w.create(account, music)
    if (!created.ok) throw new Error('expected the create to succeed')
    expect(w.force(created.task.id, 'failure', 'boom')).toMatchObject({ ok: true })
    expect(created.task.error).toBe('boom')
    expect(w.force(created.task.id, 'success')).toEqual({ ok: false, error: { kind: 'already_final', status: 'failure' } })
    expect(account.ledger.available).toBe(100)
    expect(ledgerViolations(account.ledger)).toEqual([])
  })

  it('takes weighted timelines in proportion, reproducibly', () => {
    const ok = timeline('ok', { status: 'success' })
    const bad = timeline('bad', { status: 'failure', error: 'no' })
    const overrides = {
      accounts: [{ apiKey: 'a', credits: 1_000_000 }],
      rules: [
        {
          match: {},
          oneOf: [
            { weight: 85, timeline: ok },
            { weight: 15, timeline: bad },
          ],
        },
      ],
    }
    const run = () => {
      const { world: w } = world(overrides)
      const account = w.account('a')!
      const names: string[] = []
      for (let i = 0; i < 2_000; i++) {
        const created = w.create(account, { ...music, type: 'upload', mode: null, mv: null, input: { url: 'https://x' } })
        if (created.ok) names.push(created.task.timeline)
      }
      return names
    }
    const names = run()
    expect(run()).toEqual(names)
    const failures = names.filter((name) => name === 'bad').length
    expect(failures).toBeGreaterThan(240)
    expect(failures).toBeLessThan(360)
  })
})
