import { describe, expect, it } from 'vitest'
import { ManualClock } from '../../src/domain/clock.js'
import { World, type TaskRequest } from '../../src/domain/world.js'
import { readFileSync } from 'node:fs'
import { parseScenario } from '../../src/scenario/index.js'

/** scenarios/default.yaml: what `npm start` serves (seed 42, the demo keys). */
function defaultScenario() {
  const parsed = parseScenario(readFileSync(new URL('../../scenarios/default.yaml', import.meta.url), 'utf8'), 'default.yaml')
  if (!parsed.ok) throw new Error('default.yaml does not parse')
  return parsed.scenario
}

const music: TaskRequest = { type: 'music', model: 'music-model', mode: 'description', mv: 'voice-v4', input: { gpt_description_prompt: 'x' } }
const lyrics: TaskRequest = { type: 'lyrics', model: 'music-model', mode: null, mv: null, input: { prompt: 'x' } }
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

function fresh(): World {
  const scenario = defaultScenario()
  return new World(scenario, new ManualClock(0))
}

function created(world: World, apiKey: string, request: TaskRequest): string {
  const outcome = world.create(world.account(apiKey)!, request)
  if (!outcome.ok) throw new Error(`create failed: ${outcome.error.kind}`)
  return outcome.task.id
}

describe('task ids', () => {
  it('do not collide for the two keys whose 32-bit seeds did (seed 42)', () => {
    const world = fresh()
    expect(world.scenario.seed).toBe(42)
    world.addAccount('collide-39184', 100)
    world.addAccount('collide-70976', 100)
    const first = created(world, 'collide-39184', lyrics)
    const second = created(world, 'collide-70976', music)
    expect(first).not.toBe(second)
    expect(world.tasks.get(first)?.apiKey).toBe('collide-39184')
    expect(world.tasks.get(second)?.apiKey).toBe('collide-70976')
    expect(world.tasks.size).toBe(2)
  })

  it('are UUID-shaped and the same for the same scenario and requests', () => {
    const ids = [fresh(), fresh()].map((world) => [created(world, 'demo-key', music), created(world, 'demo-key-2', lyrics), created(world, 'demo-key', lyrics)])
    expect(ids[0]).toEqual(ids[1])
    for (const id of ids[0]!) expect(id).toMatch(UUID)
  })

  it('never replace a task: a reused ordinal gets the next id, deterministically', () => {
    const world = fresh()
    const account = world.account('demo-key')!
    const first = created(world, 'demo-key', music)
    // What an older state file gives: the account's count of tasks goes back, the task stays.
    ;(account.ledger as { tasks_created: number }).tasks_created -= 1
    const second = created(world, 'demo-key', lyrics)
    expect(second).not.toBe(first)
    expect(world.tasks.get(first)?.type).toBe('music')
    expect(world.tasks.get(second)?.type).toBe('lyrics')
  })

  it('differ after an account reset: an id once handed out is not handed out again', () => {
    const world = fresh()
    const before = created(world, 'demo-key', music)
    expect(world.resetAccount('demo-key', 100)).toBe(true)
    const after = created(world, 'demo-key', music)
    expect(after).not.toBe(before)
  })

  it('differ between boot epochs (a restart from an older state file)', () => {
    const scenario = defaultScenario()
    const zero = new World(scenario, new ManualClock(0))
    const one = new World(scenario, new ManualClock(0), { epoch: 1 })
    expect(created(one, 'demo-key', music)).not.toBe(created(zero, 'demo-key', music))
  })
})
