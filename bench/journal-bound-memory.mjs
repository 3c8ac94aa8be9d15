// Heap of journals at their bound (issue 40), in-process through the public API's functions, from
// the built dist/: one world alone filled to its own bound (10,000 entries, 8 M characters), then
// 1,000 worlds of one server sharing its journal budget, every one sent refused creates of 5 KB.
// Run: npm run -s build && node --expose-gc bench/journal-bound-memory.mjs [worlds] [requests-per-world]
import { createTask } from '../dist/api/public-api.js'
import { JournalBudget } from '../dist/domain/journal-budget.js'
import { bundledLibrary } from '../dist/mock/bundled-scenarios.js'
import { resolveScenario } from '../dist/scenario/resolve-scenario.js'
import { disposeWorld, worldFactory } from '../dist/server/world-factory.js'
import { createWorldRegistry } from '../dist/worlds/world-registry.js'

if (typeof globalThis.gc !== 'function') throw new Error('run with node --expose-gc')
const count = Number(process.argv[2] ?? 1000)
const perWorld = Number(process.argv[3] ?? 250)
const scenario = resolveScenario(undefined, undefined, bundledLibrary)
const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MiB`

function heap() {
  globalThis.gc()
  globalThis.gc()
  return process.memoryUsage().heapUsed
}

/** A refused create of ~5 KB, each body a string of its own (as each request's is). */
const refused = (index) => `{"model":"music-model","task_type":"not-a-type-${index}","input":{"prompt":"${'p'.repeat(5_000)}"}}`
const send = (core, index) =>
  createTask(core.world, { apiKey: 'demo-key', origin: 'http://127.0.0.1:4010', contentType: 'application/json', body: refused(index) })

function registry(journalBudget) {
  return createWorldRegistry({
    create: worldFactory({ scenario: () => scenario, library: bundledLibrary, journalBudget }),
    dispose: disposeWorld,
    maxWorlds: Math.max(count, 1),
  })
}

console.log(`node ${process.version}`)
{
  const worlds = registry(undefined)
  const before = heap()
  const core = worlds.use('alone').value
  for (let index = 0; index < 12_000; index++) send(core, index)
  const { journal } = core.world
  console.log(
    `one world at its own bound (no server budget): ${journal.size} entries, ${journal.detailCharacters.toLocaleString()} characters: heap +${mib(heap() - before)}`,
  )
}
{
  const budget = new JournalBudget()
  const worlds = registry(budget)
  const before = heap()
  const cores = Array.from({ length: count }, (_, index) => worlds.use(`w-${index}`).value)
  const empty = heap()
  for (let round = 0; round < perWorld; round++) for (const core of cores) send(core, round)
  const { entries, characters } = budget.held
  const full = heap()
  console.log(
    `${count} worlds, ${perWorld} refused creates each, server budget ${budget.limits.entries.toLocaleString()} entries / ${budget.limits.characters.toLocaleString()} characters: ` +
      `held ${entries.toLocaleString()} entries, ${characters.toLocaleString()} characters; heap +${mib(empty - before)} empty, +${mib(full - before)} at the bound, ` +
      `rss ${mib(process.memoryUsage().rss)}`,
  )
}
