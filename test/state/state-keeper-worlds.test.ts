import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { createTask, durableCreate } from '../support/api-calls.js'
import { createMock, type Mock } from '../../src/mock/create-mock.js'
import { openStateDatabase } from '../../src/state/state-database.js'
import { keepState, type StateKeeper, type StateMode } from '../../src/state/state-keeper.js'
import { WorldStore } from '../../src/state/world-store.js'
import { activatedDatabase, binding } from '../support/state-db.js'

const SCENARIO = 'version: 1\nseed: 5\naccounts: [{ api_key: k, credits: 100 }]\n'
const lyrics = JSON.stringify({ model: 'music-model', task_type: 'lyrics', input: { prompt: 'worlds' } })

async function open(path: string, mode: StateMode): Promise<{ keeper: StateKeeper; store: WorldStore; errors: Error[] }> {
  const db = await activatedDatabase(path, mode === 'durable')
  const errors: Error[] = []
  const store = new WorldStore(db)
  const keeper = keepState({ db, store, mode, intervalMs: 60_000, onError: (e) => errors.push(e) })
  return { keeper, store, errors }
}

/** What the database holds: each world's name with its task ids, in name order. */
function held(store: WorldStore): Record<string, string[]> {
  const worlds: Record<string, string[]> = {}
  for (const name of ['', ...store.names()]) worlds[name] = (store.load(name)?.tasks ?? []).map((task) => (task as { id: string }).id)
  return worlds
}

/** What FILE holds once its server stopped. */
async function saved(path: string): Promise<Record<string, string[]>> {
  const opened = await openStateDatabase(binding(), path)
  if (!opened.ok) throw new Error(opened.message)
  const worlds = held(new WorldStore(opened.db))
  opened.db.close()
  return worlds
}

const post = (mock: Mock) => createTask(mock.world, { apiKey: 'k', origin: 'http://127.0.0.1', contentType: 'application/json', body: lyrics }).response!
const taskId = (mock: Mock): string => (JSON.parse(post(mock).body) as { data: { task_id: string } }).data.task_id

it('keeps the default world and named worlds in one database, each under its name', async () => {
  const path = join(await mkdtemp(join(tmpdir(), 'atm-keep-worlds-')), 'state.db')
  const { keeper, errors } = await open(path, 'interval')
  const worlds = { '': createMock({ scenario: SCENARIO }), a: createMock({ scenario: SCENARIO }), b: createMock({ scenario: SCENARIO }) }
  for (const [name, mock] of Object.entries(worlds)) keeper.keep(name, mock.world, false)
  const ids = { '': [taskId(worlds[''])], a: [taskId(worlds.a), taskId(worlds.a)], b: [] as string[] }
  await keeper.stop()
  expect(errors).toEqual([])
  expect(await saved(path)).toEqual(ids)
})

it('deletes a forgotten world at the next commit, and a world made again under its name replaces its rows', async () => {
  const path = join(await mkdtemp(join(tmpdir(), 'atm-keep-worlds-')), 'state.db')
  const { keeper, store, errors } = await open(path, 'interval')
  const first = createMock({ scenario: SCENARIO })
  keeper.keep('a', first.world, false)
  keeper.keep('b', createMock({ scenario: SCENARIO }).world, false)
  const old = taskId(first)
  await keeper.flush()
  expect(held(store)).toEqual({ '': [], a: [old], b: [] })
  keeper.forget('b')
  await keeper.flush()
  expect(held(store)).toEqual({ '': [], a: [old] })
  // 'a' goes and a new 'a' comes; a late change of the old one (an answer in flight) writes nothing.
  keeper.forget('a')
  const again = createMock({ scenario: SCENARIO })
  keeper.keep('a', again.world, false)
  taskId(first)
  await keeper.flush()
  expect(held(store)).toEqual({ '': [], a: [] })
  const fresh = taskId(again)
  await keeper.stop()
  expect(errors).toEqual([])
  expect(await saved(path)).toEqual({ '': [], a: [fresh] })
})

it('durable: a create waits for its own world to commit; a forgotten world is not written by a late change', async () => {
  const path = join(await mkdtemp(join(tmpdir(), 'atm-keep-worlds-')), 'state.db')
  const { keeper, store, errors } = await open(path, 'durable')
  const a = createMock({ scenario: SCENARIO })
  const b = createMock({ scenario: SCENARIO })
  const keptA = keeper.keep('a', a.world, false)
  keeper.keep('b', b.world, false)
  await keeper.flush()
  const created = await durableCreate(a.world, keptA.commit, { apiKey: 'k', origin: 'http://127.0.0.1', contentType: 'application/json', body: lyrics })
  expect(created.status).toBe(202)
  const id = (JSON.parse(created.body as string) as { data: { task_id: string } }).data.task_id
  // Committed before the answer: FILE has it while the server still runs.
  expect(held(store)).toEqual({ '': [], a: [id], b: [] })
  keeper.forget('b')
  taskId(b) // after it went
  await new Promise((resolve) => setImmediate(resolve))
  expect(held(store)).toEqual({ '': [], a: [id] })
  await keeper.stop()
  expect(errors).toEqual([])
})

it('durable: a commit asked for after stop settles at once instead of waiting forever', async () => {
  const path = join(await mkdtemp(join(tmpdir(), 'atm-keep-worlds-')), 'state.db')
  const { keeper, errors } = await open(path, 'durable')
  const mock = createMock({ scenario: SCENARIO })
  const kept = keeper.keep('a', mock.world, false)
  await keeper.stop()
  const late = await Promise.race([kept.commit!().then(() => 'settled'), new Promise((resolve) => setImmediate(() => setImmediate(() => resolve('waiting'))))])
  expect(late).toBe('settled')
  expect(errors).toEqual([])
})
