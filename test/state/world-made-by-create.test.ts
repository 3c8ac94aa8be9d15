/**
 * Durable mode and a world made by its first create (issue 40, decision 058): the create's commit
 * makes the world, then commits it. When that commit fails (a full disk), the create answers 503
 * and changes nothing: no task, no charge, and no world either, in the registry or in FILE; once
 * the disk has room the same create makes the world with its task.
 */
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { createDispatch } from '../../src/dispatch/dispatch.js'
import type { DoorOutcome } from '../../src/dispatch/request.js'
import { createMockCore, type MockCore } from '../../src/mock/mock-core.js'
import { resolveScenario } from '../../src/scenario/resolve-scenario.js'
import { disposeWorld, worldFactory } from '../../src/server/world-factory.js'
import type { Database } from '../../src/state/sqlite-binding.js'
import { keepState } from '../../src/state/state-keeper.js'
import { WorldStore } from '../../src/state/world-store.js'
import { createWorldRegistry } from '../../src/worlds/world-registry.js'
import { activatedDatabase } from '../support/state-db.js'

const SERVER = resolveScenario('version: 1\nseed: 5\naccounts: [{ api_key: k, credits: 100 }]\n')
const lyrics = JSON.stringify({ model: 'music-model', task_type: 'lyrics', input: { prompt: 'disk' } })

/** The database, with COMMIT failing as SQLite fails it on a full disk while `full.on` is set. */
function failing(db: Database, full: { on: boolean }): Database {
  return {
    prepare: (sql) => db.prepare(sql),
    close: () => db.close(),
    exec: (sql) => {
      if (full.on && sql === 'COMMIT') throw new Error('database or disk is full')
      db.exec(sql)
    },
  }
}

it('durable: a create that would make its world, refused 503 on a full disk, leaves no world; later it makes it', async () => {
  const full = { on: false }
  const db = failing(await activatedDatabase(join(await mkdtemp(join(tmpdir(), 'atm-made-')), 'state.db'), true), full)
  const store = new WorldStore(db)
  const keeper = keepState({ db, store, mode: 'durable', intervalMs: 60_000, onError: () => undefined })
  const worlds = createWorldRegistry<MockCore>({ create: worldFactory({ scenario: () => SERVER }), dispose: disposeWorld })
  // As `--state` wires the registry (src/cli/state-option.ts).
  worlds.subscribe({
    created: (name, handle) => {
      const kept = keeper.keep(name, handle.world, false)
      handle.onReset((world) => kept.follow(world))
      handle.commit = kept.commit
    },
    removed: (name) => keeper.forget(name),
  })
  const dispatch = createDispatch(createMockCore({ scenario: SERVER }), { ownsBase: true, worlds })
  const create = async (): Promise<number> => {
    const body = new TextEncoder().encode(lyrics)
    const headers: Record<string, string> = { 'x-api-key': 'k', 'content-type': 'application/json' }
    const outcome = (await dispatch({
      method: 'POST',
      path: '/worlds/made/api/v1/task',
      search: '',
      base: 'http://127.0.0.1',
      headers: { get: (name) => headers[name] ?? null },
      body: async () => body,
    })) as DoorOutcome & { drop?: undefined }
    return outcome.status
  }
  full.on = true
  expect(await create()).toBe(503)
  expect(worlds.peek('made')).toBeUndefined()
  full.on = false
  await keeper.flush()
  expect(store.load('made')).toBeNull()
  expect(await create()).toBe(202)
  expect(worlds.peek('made')?.world.tasks.size).toBe(1)
  expect(store.load('made')?.tasks).toHaveLength(1)
  await keeper.stop()
})
