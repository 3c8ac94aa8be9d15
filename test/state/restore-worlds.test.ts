import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { createTask } from '../support/api-calls.js'
import { restoreNamedWorlds } from '../../src/cli/restore-worlds.js'
import { resolveScenario } from '../../src/scenario/resolve-scenario.js'
import { rememberSource } from '../../src/scenario/scenario-source.js'
import { worldFactory } from '../../src/server/world-factory.js'
import { keepState } from '../../src/state/state-keeper.js'
import { WorldStore } from '../../src/state/world-store.js'
import { createWorldRegistry } from '../../src/worlds/world-registry.js'
import type { Database } from '../../src/state/sqlite-binding.js'
import { activatedDatabase } from '../support/state-db.js'

const SERVER = 'version: 1\nname: server\nseed: 5\naccounts: [{ api_key: k, credits: 100 }]\n'
const OTHER = 'version: 1\nname: other\nseed: 6\naccounts: [{ api_key: k, credits: 100 }]\n'
const LOADED = 'version: 1\nname: loaded\nseed: 7\naccounts: [{ api_key: q, credits: 30 }]\n'
const lyrics = JSON.stringify({ model: 'music-model', task_type: 'lyrics', input: { prompt: 'restored' } })

async function database(): Promise<Database> {
  return activatedDatabase(join(await mkdtemp(join(tmpdir(), 'atm-restore-worlds-')), 'state.db'), false)
}

const registry = (server: string, maxWorlds = 10) => createWorldRegistry({ create: worldFactory({ scenario: () => resolveScenario(server) }), maxWorlds })

/** A database holding world `a` (the server's scenario, one task of k) and `b` (LOADED through the admin API). */
async function saved(): Promise<{ db: Database; store: WorldStore; task: string }> {
  const db = await database()
  const store = new WorldStore(db)
  const keeper = keepState({ db, store, mode: 'interval', intervalMs: 60_000, onError: (error) => void expect.fail(error.message) })
  const worlds = registry(SERVER)
  const a = worlds.use('a')
  if (!a.ok) throw new Error(a.error.message)
  const loaded = resolveScenario(LOADED)
  rememberSource(loaded, LOADED)
  const b = worlds.load('b', loaded)
  if (!b.ok) throw new Error(b.error.message)
  keeper.keep('a', a.value.world, false)
  keeper.keep('b', b.value.world, false)
  const created = createTask(a.value.world, { apiKey: 'k', origin: 'http://127.0.0.1', contentType: 'application/json', body: lyrics }).response!
  await keeper.flush()
  return { db, store, task: (JSON.parse(created.body) as { data: { task_id: string } }).data.task_id }
}

it('makes every saved world again, from its saved scenario or the server one, with its tasks', async () => {
  const { db, store, task } = await saved()
  const worlds = registry(SERVER)
  const restored = restoreNamedWorlds(store, worlds, false)
  db.close()
  if (!restored.ok) throw new Error(restored.message)
  expect(restored.value.map(({ name, accounts, tasks }) => ({ name, accounts, tasks }))).toEqual([
    { name: 'a', accounts: 1, tasks: 1 },
    { name: 'b', accounts: 1, tasks: 0 },
  ])
  expect([...worlds.peek('a')!.world.tasks.keys()]).toEqual([task])
  expect(worlds.peek('b')!.scenario.name).toBe('loaded')
})

it('refuses a world saved under another server scenario, naming the world and what to do', async () => {
  const { db, store } = await saved()
  const restored = restoreNamedWorlds(store, registry(OTHER), false)
  expect(restored).toEqual({
    ok: false,
    message: expect.stringMatching(/^world "a": it was saved under another scenario \("server".*this one is "other".*--state-any-scenario/),
  })
  // Taken with --state-any-scenario.
  expect(restoreNamedWorlds(store, registry(OTHER), true).ok).toBe(true)
  db.close()
})

it('refuses more saved worlds than the cap, and a damaged row, with where it was', async () => {
  const { db, store } = await saved()
  expect(restoreNamedWorlds(store, registry(SERVER, 1), false)).toEqual({
    ok: false,
    message: "it holds 2 named worlds, more than this server's cap of 1; start it with a higher worlds.maxWorlds or move the file away",
  })
  db.exec("UPDATE tasks SET task = '{not json' WHERE world = 'a'")
  const damaged = restoreNamedWorlds(store, registry(SERVER), false)
  expect(damaged).toEqual({ ok: false, message: expect.stringMatching(/^the state is damaged: world "a": tasks\[.+\]: not JSON/) })
  db.close()
})

it('restored worlds count as not used yet: at the cap a new world replaces the oldest at once, no 503 for a minute (issue 40)', async () => {
  const { db, store } = await saved()
  const worlds = registry(SERVER, 2)
  const restored = restoreNamedWorlds(store, worlds, false)
  db.close()
  if (!restored.ok) throw new Error(restored.message)
  const made = worlds.use('new')
  expect(made.ok ? 'made' : made.error.message).toBe('made')
  expect(worlds.list().map((world) => world.name)).toEqual(['b', 'new'])
})
