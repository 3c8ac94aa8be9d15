/**
 * Task ids are unique across worlds and remade worlds (issue 40, defect 4; decision 012): every
 * world's first task had the same id, and a world removed or evicted and made again handed out
 * the same ids again, so a client polling its old id got another client's task.
 */
import { expect, it } from 'vitest'
import { createTask } from '../support/api-calls.js'
import { createMockCore, type MockCore } from '../../src/mock/mock-core.js'
import { resolveScenario } from '../../src/scenario/resolve-scenario.js'
import { worldFactory } from '../../src/server/world-factory.js'
import { createWorldRegistry, type WorldRegistryOptions } from '../../src/worlds/world-registry.js'

const SERVER = resolveScenario('version: 1\naccounts: [{ api_key: k, credits: 1000 }]\n')
const body = JSON.stringify({ model: 'music-model', task_type: 'lyrics', input: { prompt: 'x' } })

function registry(options: Partial<WorldRegistryOptions<MockCore>> = {}) {
  const time = { now: 0 }
  const worlds = createWorldRegistry<MockCore>({ create: worldFactory({ scenario: () => SERVER }), now: () => time.now, ...options })
  const world = (name: string): MockCore => {
    const used = worlds.use(name)
    if (!used.ok) throw new Error(used.error.message)
    return used.value
  }
  return { worlds, world, pass: (ms: number) => void (time.now += ms) }
}

function ids(core: MockCore, count = 3): string[] {
  return Array.from({ length: count }, () => {
    const outcome = createTask(core.world, { apiKey: 'k', origin: 'http://127.0.0.1', contentType: 'application/json', body })
    return (JSON.parse(outcome.response!.body as string) as { data: { task_id: string } }).data.task_id
  })
}

it("no two worlds hand out the same ids, nor the default world's", () => {
  const { world } = registry()
  const seen = [ids(createMockCore({ scenario: SERVER })), ids(world('a')), ids(world('b')), ids(world('c'))].flat()
  expect(new Set(seen).size).toBe(seen.length)
})

it('a world removed and made again hands out ids it never handed out', () => {
  const { worlds, world } = registry()
  const first = ids(world('a'))
  expect(worlds.remove('a').ok).toBe(true)
  const second = ids(world('a'))
  expect(worlds.remove('a').ok).toBe(true)
  const third = ids(world('a'))
  expect(new Set([...first, ...second, ...third]).size).toBe(9)
})

it('a world evicted at the cap and made again hands out ids it never handed out', () => {
  const { world, pass } = registry({ maxWorlds: 1, recentMs: 1_000, idleMs: 60_000 })
  const first = ids(world('a'))
  pass(2_000)
  world('b') // evicts a
  pass(2_000)
  const again = ids(world('a')) // evicts b
  expect(again.filter((id) => first.includes(id))).toEqual([])
})

it('the same requests in a fresh server give the same ids (ids stay a function of the session)', () => {
  const session = () => {
    const { worlds, world } = registry()
    const made = [...ids(world('a')), ...ids(world('b'))]
    worlds.remove('a')
    return [...made, ...ids(world('a'))]
  }
  expect(session()).toEqual(session())
})
