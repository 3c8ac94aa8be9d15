/**
 * The journals of all worlds under one bound (issue 40, defect 2): however many worlds there are,
 * their journals together hold at most the server's budget of entries and characters; a world
 * reset or removed stops counting; the flooding world loses its own history, not the others'.
 */
import { expect, it } from 'vitest'
import { createTask, getUsage } from '../support/api-calls.js'
import { JournalBudget } from '../../src/domain/journal-budget.js'
import type { MockCore } from '../../src/mock/mock-core.js'
import { resolveScenario } from '../../src/scenario/resolve-scenario.js'
import { disposeWorld, worldFactory } from '../../src/server/world-factory.js'
import { createWorldRegistry } from '../../src/worlds/world-registry.js'

const SERVER = resolveScenario('version: 1\naccounts: [{ api_key: k, credits: 100 }]\n')
const origin = 'http://127.0.0.1'

function setup(limits: { entries: number; characters: number }) {
  const journalBudget = new JournalBudget(limits)
  const worlds = createWorldRegistry<MockCore>({ create: worldFactory({ scenario: () => SERVER, journalBudget }), dispose: disposeWorld, maxWorlds: 50 })
  const use = (name: string): MockCore => {
    const used = worlds.use(name)
    if (!used.ok) throw new Error(used.error.message)
    return used.value
  }
  return { journalBudget, worlds, use }
}

it("20 worlds' journals together hold no more than the server's budget of entries", () => {
  const { journalBudget, use } = setup({ entries: 2_000, characters: 10_000_000 })
  const cores = Array.from({ length: 20 }, (_, index) => use(`w${index}`))
  for (const core of cores) for (let request = 0; request < 500; request++) getUsage(core.world, { apiKey: 'nope', origin })
  const held = cores.reduce((total, core) => total + core.world.journal.size, 0)
  expect(held).toBeLessThanOrEqual(2_000)
  expect(journalBudget.held.entries).toBe(held)
  // A world that sent 5 requests keeps them all while the others flood.
  const quiet = use('quiet')
  for (let request = 0; request < 5; request++) getUsage(quiet.world, { apiKey: 'k', origin })
  for (const core of cores) for (let request = 0; request < 200; request++) getUsage(core.world, { apiKey: 'nope', origin })
  expect(quiet.world.journal.size).toBe(5)
})

it("20 worlds' refused 100 KB bodies together hold no more than the server's budget of characters", () => {
  const { journalBudget, use } = setup({ entries: 100_000, characters: 200_000 })
  const body = `{"task_type":"nope","pad":"${'p'.repeat(100_000)}"}`
  for (let index = 0; index < 20; index++) {
    const core = use(`w${index}`)
    for (let request = 0; request < 20; request++) createTask(core.world, { apiKey: 'k', origin, contentType: 'application/json', body })
  }
  expect(journalBudget.held.characters).toBeLessThanOrEqual(200_000)
  expect(journalBudget.held.entries).toBe(400)
})

it('a world removed or reset stops counting', () => {
  const { journalBudget, worlds, use } = setup({ entries: 1_000, characters: 1_000_000 })
  const core = use('a')
  for (let request = 0; request < 10; request++) getUsage(core.world, { apiKey: 'k', origin })
  core.reset()
  expect(journalBudget.held.entries).toBe(0)
  for (let request = 0; request < 10; request++) getUsage(core.world, { apiKey: 'k', origin })
  expect(journalBudget.held.entries).toBe(10)
  worlds.remove('a')
  expect(journalBudget.held).toEqual({ entries: 0, characters: 0, journals: 0 })
})
