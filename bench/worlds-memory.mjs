// Heap per named world (src/worlds): N empty worlds of the default scenario, then N small ones
// (each with 4 tasks of one key, created and read to their end), from the built dist/.
// Run: npm run -s build && node --expose-gc bench/worlds-memory.mjs [N] [journalCapacity]
import * as api from '../dist/api/public-api.js'
import { sendAnswered } from '../dist/dispatch/finish.js'
import { bundledLibrary } from '../dist/mock/bundled-scenarios.js'
import { resolveScenario } from '../dist/scenario/resolve-scenario.js'
import { worldFactory } from '../dist/server/world-factory.js'
import { createWorldRegistry } from '../dist/worlds/world-registry.js'

/** An endpoint's answer, sent and journaled as the dispatch's finishing step does. */
const served = (answered) => (sendAnswered(answered), answered.outcome)
const createTask = (...args) => served(api.createTask(...args))
const getTask = (...args) => served(api.getTask(...args))

if (typeof globalThis.gc !== 'function') throw new Error('run with node --expose-gc')
const count = Number(process.argv[2] ?? 1000)
const journalCapacity = process.argv[3] === undefined ? undefined : Number(process.argv[3])
const scenario = resolveScenario(undefined, undefined, bundledLibrary)
const body = JSON.stringify({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: 'a calm piano piece' } })

function heap() {
  globalThis.gc()
  globalThis.gc()
  return process.memoryUsage()
}

function measure(label, fill) {
  const registry = createWorldRegistry({
    create: worldFactory({ scenario: () => scenario, library: bundledLibrary, options: { journalCapacity } }),
    maxWorlds: count,
  })
  const before = heap()
  for (let i = 0; i < count; i++) {
    const used = registry.use(`w-${i}`)
    if (!used.ok) throw new Error(used.error.message)
    fill(used.value)
  }
  const after = heap()
  const perWorld = (after.heapUsed - before.heapUsed) / count
  console.log(
    `${label}: ${count} worlds, heap +${((after.heapUsed - before.heapUsed) / 2 ** 20).toFixed(1)} MiB ` +
      `(${(perWorld / 1024).toFixed(1)} KiB a world), rss +${((after.rss - before.rss) / 2 ** 20).toFixed(1)} MiB`,
  )
  return registry // kept alive until measured
}

console.log(`node ${process.version}, journal capacity ${journalCapacity ?? 'default (10,000)'}`)
measure('empty', () => {})
measure('small (4 tasks each, read to the end)', (core) => {
  const key = { apiKey: 'demo-key', origin: 'http://127.0.0.1:4010' }
  const ids = []
  for (let t = 0; t < 4; t++) ids.push(JSON.parse(createTask(core.world, { ...key, contentType: 'application/json', body }).response.body).data.task_id)
  for (let read = 0; read < 4; read++) for (const id of ids) getTask(core.world, key, id)
})
