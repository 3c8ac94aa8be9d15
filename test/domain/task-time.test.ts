/**
 * Each task's own time (decision 038): with `clock.tick`, a key's nth task is created n ticks
 * after the clock and each read by its owner moves that task on by one tick. Nothing else moves
 * it but explicit moves of the clock: not other tasks, not other keys, not usage.
 */
import { describe, expect, it } from 'vitest'
import { HORIZON_MS, ManualClock } from '../../src/domain/clock.js'
import type { Scenario } from '../../src/domain/types.js'
import { World, type Task, type TaskRequest } from '../../src/domain/world.js'
import { domainScenario, T0, timeline } from '../support/domain-scenario.js'

const TICK = 10_000
const lyrics: TaskRequest = { type: 'lyrics', model: 'music-model', mode: null, mv: null, input: { prompt: 'x' } }
const TIMED = timeline('timed', { status: 'pending', forMs: 15_000 }, { status: 'running', forMs: 25_000 }, { status: 'success' })

function ticking(overrides: Partial<Scenario> = {}, start = T0) {
  const clock = new ManualClock(start)
  const scenario = domainScenario({
    clock: { mode: 'manual', startMs: start, tickMs: TICK },
    timelines: new Map([['timed', TIMED]]),
    defaultTimeline: TIMED,
    ...overrides,
  })
  return { clock, world: new World(scenario, clock) }
}

function created(world: World, key: string): Task {
  const outcome = world.create(world.account(key)!, lyrics)
  if (!outcome.ok) throw new Error(`create for ${key} refused: ${outcome.error.kind}`)
  return outcome.task
}

const statusOf = (world: World, key: string, task: Task) => world.read(world.account(key)!, task.id)!.position.status

describe("a task's own time", () => {
  it("starts n ticks after the clock for the key's nth task, and the world's clock does not move", () => {
    const { world, clock } = ticking()
    const tasks = [created(world, 'a'), created(world, 'a'), created(world, 'b'), created(world, 'a')]
    expect(tasks.map((task) => task.createdAt - T0)).toEqual([10_000, 20_000, 10_000, 30_000])
    expect(clock.now()).toBe(T0)
  })

  it('moves one tick per read by its owner: four tasks created first are pending on their first read', () => {
    const { world } = ticking()
    const tasks = [created(world, 'a'), created(world, 'a'), created(world, 'a'), created(world, 'a')]
    expect(tasks.map((task) => statusOf(world, 'a', task))).toEqual(['pending', 'pending', 'pending', 'pending'])
    const first = tasks[0]!
    expect([2, 3, 4].map(() => statusOf(world, 'a', first))).toEqual(['running', 'running', 'success'])
    expect(first.position.completedAt! - first.createdAt).toBe(40_000)
    expect(world.timeOf(first)).toBe(first.createdAt + 4 * TICK)
  })

  it("does not move with other tasks' reads, other keys' requests, usage or another key's reads of it", () => {
    const { world } = ticking()
    const mine = created(world, 'a')
    const before = world.timeOf(mine)
    const theirs = created(world, 'b')
    for (let i = 0; i < 5; i++) statusOf(world, 'b', theirs)
    created(world, 'a')
    world.usage(world.account('a')!)
    expect(world.read(world.account('b')!, mine.id)).toBeUndefined()
    expect(world.timeOf(mine)).toBe(before)
    expect(mine.position.status).toBe('pending')
  })

  it('moves with explicit clock moves: usage settles what the moved clock made due, at the task’s own time', () => {
    const { world, clock } = ticking()
    const task = created(world, 'a')
    clock.advance(30_000) // own time: created + 30 s, running since created + 15 s
    world.usage(world.account('a')!)
    expect(task.position).toMatchObject({ status: 'running', enteredAt: task.createdAt + 15_000 })
    clock.advance(10_000)
    expect(world.usage(world.account('a')!)).toMatchObject({ tasks_created: 1, credits_used: 5 })
    expect(task.position).toMatchObject({ status: 'success', completedAt: task.createdAt + 40_000 })
    expect(world.account('a')!.events.at(-1)).toMatchObject({ kind: 'charge', at: task.createdAt + 40_000 })
  })

  it("settles on usage exactly the tasks each one's own time has made due, and no other", () => {
    const { world, clock } = ticking()
    const [first, second, third] = [created(world, 'a'), created(world, 'a'), created(world, 'a')]
    statusOf(world, 'a', first)
    statusOf(world, 'a', first) // first: 20 s old, the others 0 s
    clock.advance(19_999)
    world.usage(world.account('a')!)
    expect([first, second, third].map((task) => task.position.status)).toEqual(['running', 'running', 'running'])
    clock.advance(1)
    expect(world.usage(world.account('a')!)).toMatchObject({ credits_used: 15 })
    expect([first, second, third].map((task) => task.position.status)).toEqual(['success', 'running', 'running'])
    expect(
      world
        .account('a')!
        .events.filter((event) => event.kind === 'charge')
        .map((event) => event.task_id),
    ).toEqual([first.id])
    clock.advance(20_000)
    world.usage(world.account('a')!)
    expect([second, third].map((task) => task.position.completedAt! - task.createdAt)).toEqual([40_000, 40_000])
  })

  it('times out at created + timeout_after on its own time', () => {
    const { world, clock } = ticking({ service: { ...domainScenario().service, timeoutAfterMs: 60_000 } })
    const hangs = timeline('hangs', { status: 'running', forMs: 3_600_000 }, { status: 'success' })
    const stuck = new World({ ...world.scenario, timelines: new Map([['hangs', hangs]]), defaultTimeline: hangs }, clock)
    const task = created(stuck, 'a')
    clock.advance(50_001) // own time: created + 50.001 s
    stuck.usage(stuck.account('a')!)
    expect(task.position.status).toBe('running')
    expect(statusOf(stuck, 'a', task)).toBe('timeout') // the read moves it a tick on, past the deadline
    expect(task.position.completedAt).toBe(task.createdAt + 60_000)
  })

  it("forces a task at its own time, and stops at the fake's horizon", () => {
    const { world } = ticking()
    const task = created(world, 'a')
    statusOf(world, 'a', task)
    expect(world.force(task.id, 'failure', 'x')).toMatchObject({ ok: true })
    expect(task.position.completedAt).toBe(task.createdAt + TICK)
    const late = ticking({}, HORIZON_MS - 5_000).world
    const edge = created(late, 'a')
    expect(edge.createdAt).toBe(HORIZON_MS)
    expect(late.timeOf(edge)).toBe(HORIZON_MS)
  })

  it('follows the clock alone without a tick', () => {
    const clock = new ManualClock(T0)
    const world = new World(domainScenario({ timelines: new Map([['timed', TIMED]]), defaultTimeline: TIMED }), clock)
    const task = created(world, 'a')
    expect(task.createdAt).toBe(T0)
    for (let i = 0; i < 5; i++) expect(statusOf(world, 'a', task)).toBe('pending')
    expect(world.timeOf(task)).toBe(T0)
  })
})
