/** Clock-driven moves come from the world's due queue: only what is due moves, in creation order. */
import { describe, expect, it } from 'vitest'
import { ManualClock } from '../../src/domain/clock.js'
import { World, type TaskRequest } from '../../src/domain/world.js'
import { domainScenario, T0, timeline } from '../support/domain-scenario.js'

const music: TaskRequest = { type: 'music', model: 'music-model', mode: 'description', mv: 'voice-v4', input: { gpt_description_prompt: 'x' } }
const lyrics: TaskRequest = { type: 'lyrics', model: 'music-model', mode: null, mv: null, input: { prompt: 'x' } }

function scripted() {
  const clock = new ManualClock(T0)
  const slow = timeline('slow', { status: 'running', forMs: 30_000 }, { status: 'success' })
  const quick = timeline('quick', { status: 'pending', polls: 1, forMs: 20_000 }, { status: 'running', forMs: 5_000 }, { status: 'failure', error: 'no' })
  const world = new World(
    domainScenario({
      rules: [
        { match: { task_type: 'music' }, timeline: slow },
        { match: { task_type: 'lyrics' }, timeline: quick },
      ],
    }),
    clock,
  )
  return { clock, world, account: world.account('a')! }
}

describe('World, clock-driven moves', () => {
  it('logs tasks that fall due together in the order they fell due, not the order they were created (issue 29)', () => {
    const { clock, world, account } = scripted()
    const first = world.create(account, music) // success at +30 s
    const second = world.create(account, lyrics) // failure at +25 s
    if (!first.ok || !second.ok) throw new Error('expected both creates to succeed')
    clock.advance(60_000)
    world.usage(account)
    expect(account.events.slice(-2).map((event) => [event.kind, event.task_id, event.at])).toEqual([
      ['refund', second.task.id, T0 + 25_000],
      ['charge', first.task.id, T0 + 30_000],
    ])
    expect(account.ledger).toMatchObject({ frozen: 0, spent: 10, available: 90 })
  })

  it('queues a task again when a read moves it to a step with another end', () => {
    const { clock, world, account } = scripted()
    const created = world.create(account, lyrics)
    if (!created.ok) throw new Error('expected the create to succeed')
    clock.advance(1_000)
    world.read(account, created.task.id)
    world.read(account, created.task.id) // the second read leaves pending: running until +1 s + 5 s
    expect(created.task.position).toMatchObject({ status: 'running', enteredAt: T0 + 1_000 })
    clock.advance(4_999)
    world.usage(account)
    expect(created.task.position.status).toBe('running')
    clock.advance(1)
    world.usage(account)
    expect(created.task.position).toMatchObject({ status: 'failure', completedAt: T0 + 6_000 })
    clock.advance(60_000) // the stale entry for the old pending end (+20 s) comes out and is skipped
    world.usage(account)
    expect(account.events.filter((event) => event.kind === 'refund')).toHaveLength(1)
  })

  it('leaves tasks only reads move out of the queue, and looks cost nothing while nothing is due', () => {
    const { clock, world, account } = scripted()
    for (let i = 0; i < 10; i++) world.create(account, music)
    const version = world.version
    clock.advance(29_999)
    world.usage(account)
    expect(world.version).toBe(version)
    clock.advance(1)
    world.usage(account)
    expect(account.ledger).toMatchObject({ frozen: 0, spent: 100, available: 0 })
  })
})
