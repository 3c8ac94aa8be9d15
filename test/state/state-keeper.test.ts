import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { createTask, durableCreate } from '../support/api-calls.js'
import { createMock, type Mock } from '../../src/mock/create-mock.js'
import { restoreRows } from '../../src/state/restore-rows.js'
import type { Database } from '../../src/state/sqlite-binding.js'
import { activateStateDatabase, openStateDatabase } from '../../src/state/state-database.js'
import { keepState, type KeptWorld, type StateKeeper, type StateMode } from '../../src/state/state-keeper.js'
import { WorldStore } from '../../src/state/world-store.js'
import { binding } from '../support/state-db.js'

const SCENARIO = 'version: 1\nseed: 5\naccounts: [{ api_key: k, credits: 100 }]\n'
const TWO = 'version: 1\nseed: 5\naccounts: [{ api_key: k, credits: 100 }, { api_key: gone, credits: 50 }]\n'
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

async function keep(path: string, mock: Mock, mode: StateMode, full = { on: false }): Promise<{ keeper: StateKeeper; kept: KeptWorld; errors: Error[] }> {
  const opened = await openStateDatabase(binding(), path)
  if (!opened.ok) throw new Error(opened.message)
  const activated = await activateStateDatabase(opened.db, path, mode === 'durable')
  if (activated !== null) throw new Error(activated)
  const db = failing(opened.db, full)
  const errors: Error[] = []
  const keeper = keepState({
    db,
    store: new WorldStore(db),
    mode,
    intervalMs: 60_000,
    onError: (e) => errors.push(e),
  })
  const kept = keeper.keep('', mock.world, false)
  await keeper.flush()
  mock.onReset((world) => kept.follow(world))
  return { keeper, kept, errors }
}

/** The world FILE holds, restored into a new mock. */
async function reopen(path: string, scenario = SCENARIO): Promise<Mock> {
  const mock = createMock({ scenario })
  const opened = await openStateDatabase(binding(), path)
  if (!opened.ok) throw new Error(opened.message)
  const rows = new WorldStore(opened.db).load('')!
  opened.db.close()
  const restored = restoreRows(mock.world, { set: (ms) => void mock.clock.set(ms) }, rows, { anyScenario: false, keepClock: false })
  if (!restored.ok) throw new Error(restored.message)
  return mock
}

const create = (mock: Mock, kept: KeptWorld) =>
  durableCreate(mock.world, kept.commit, { apiKey: 'k', origin: 'http://127.0.0.1', contentType: 'application/json', body: lyrics })

it('commits accounts, tasks, events and a reset account, and restores them as they were', async () => {
  const path = join(await mkdtemp(join(tmpdir(), 'atm-keep-')), 'state.db')
  const mock = createMock({ scenario: SCENARIO })
  const { keeper, errors } = await keep(path, mock, 'interval')
  expect(createTask(mock.world, { apiKey: 'k', origin: 'http://127.0.0.1', contentType: 'application/json', body: lyrics }).response!.status).toBe(202)
  mock.accounts.topUp('k', 7)
  await keeper.flush()
  mock.accounts.create('other', 3)
  mock.accounts.reset('other', 9)
  await keeper.stop()
  expect(errors).toEqual([])
  const back = await reopen(path)
  expect([...back.world.tasks.keys()]).toEqual([...mock.world.tasks.keys()])
  expect(back.world.account('k')!.ledger).toEqual(mock.world.account('k')!.ledger)
  expect(back.world.account('k')!.events).toEqual(mock.world.account('k')!.events)
  expect(back.world.account('other')!.ledger.topped_up).toBe(9)
})

it('durable: a create whose commit fails answers 503 and changes nothing; the next one, once the disk is back, is kept', async () => {
  const path = join(await mkdtemp(join(tmpdir(), 'atm-keep-')), 'state.db')
  const mock = createMock({ scenario: SCENARIO })
  const full = { on: false }
  const { keeper, kept, errors } = await keep(path, mock, 'durable', full)
  expect((await create(mock, kept)).status).toBe(202)
  const before = { ...mock.world.account('k')!.ledger }
  full.on = true
  const refused = await create(mock, kept)
  expect(refused.status).toBe(503)
  expect(JSON.parse(refused.body as string)).toEqual({ code: 503, message: 'The task could not be saved to the state file: database or disk is full' })
  expect(mock.world.tasks.size).toBe(1)
  expect(mock.world.account('k')!.ledger).toEqual(before)
  expect(errors.map((e) => e.message)).toEqual(['database or disk is full'])
  full.on = false
  expect((await create(mock, kept)).status).toBe(202)
  await keeper.stop()
  const back = await reopen(path)
  expect(back.world.tasks.size).toBe(2)
  expect(back.world.account('k')!.ledger).toEqual(mock.world.account('k')!.ledger)
  expect(back.world.account('k')!.ledger).toMatchObject({ available: 90, frozen: 10, tasks_created: 2 })
})

it('durable: in a world reset while the disk is full, refused creates make no task and charge nothing, then or later', async () => {
  const path = join(await mkdtemp(join(tmpdir(), 'atm-keep-')), 'state.db')
  const mock = createMock({ scenario: SCENARIO })
  const full = { on: false }
  const { keeper, kept } = await keep(path, mock, 'durable', full)
  expect((await create(mock, kept)).status).toBe(202)
  full.on = true
  mock.reset() // a new world, not written yet: FILE still holds the one before
  const fresh = { ...mock.world.account('k')!.ledger }
  for (let i = 0; i < 5; i++) expect((await create(mock, kept)).status).toBe(503)
  expect(mock.world.tasks.size).toBe(0)
  expect(mock.world.account('k')!.ledger).toEqual(fresh)
  full.on = false
  expect((await create(mock, kept)).status).toBe(202)
  await keeper.stop()
  const back = await reopen(path)
  expect(back.world.tasks.size).toBe(1)
  expect(back.world.account('k')!.ledger).toMatchObject({ available: 95, frozen: 5, tasks_created: 1 })
})

it('durable: in a world made while the disk is full, refused creates make no task and charge nothing', async () => {
  const path = join(await mkdtemp(join(tmpdir(), 'atm-keep-')), 'state.db')
  const full = { on: false }
  const first = createMock({ scenario: SCENARIO })
  const { keeper } = await keep(path, first, 'durable', full)
  full.on = true
  const made = createMock({ scenario: SCENARIO }) // a named world made by a request
  const kept = keeper.keep('made', made.world, false)
  for (let i = 0; i < 5; i++) expect((await create(made, kept)).status).toBe(503)
  expect(made.world.tasks.size).toBe(0)
  expect(made.world.account('k')!.ledger).toMatchObject({ available: 100, frozen: 0, tasks_created: 0 })
  full.on = false
  await keeper.stop()
  const opened = await openStateDatabase(binding(), path)
  if (!opened.ok) throw new Error(opened.message)
  const rows = new WorldStore(opened.db).load('made')!
  opened.db.close()
  expect(rows.tasks).toEqual([])
  expect(rows.accounts[0]!.ledger).toMatchObject({ available: 100, frozen: 0 })
})

it('durable: a create whose commit fails appears nowhere: the journal shows its 503, and no task is in the tasks, the report or the export', async () => {
  const path = join(await mkdtemp(join(tmpdir(), 'atm-keep-')), 'state.db')
  const mock = createMock({ scenario: SCENARIO })
  const full = { on: false }
  const { keeper, kept } = await keep(path, mock, 'durable', full)
  full.on = true
  const refused = await create(mock, kept)
  expect(refused.status).toBe(503)
  const [entry, ...more] = mock.world.journal.entries()
  expect(more).toEqual([])
  expect(entry).toMatchObject({ endpoint: 'create', status: 503, taskId: null, taskType: null, cause: { kind: 'state' }, fault: null })
  expect(JSON.parse(mock.world.journal.exchange(entry!.seq)!.response!.body!)).toEqual({ code: 503, message: expect.stringContaining('could not be saved') })
  expect(mock.tasks.list({})).toEqual([])
  expect(mock.report().keys.flatMap((key) => key.tasks)).toEqual([])
  expect(mock.export()).toContain('0 task(s)')
  expect(mock.export()).not.toMatch(/^tasks:/m)
  await keeper.stop()
})

it('rejects the last commit at stop when it fails, and closes all the same', async () => {
  const path = join(await mkdtemp(join(tmpdir(), 'atm-keep-')), 'state.db')
  const mock = createMock({ scenario: SCENARIO })
  const full = { on: false }
  const { keeper } = await keep(path, mock, 'interval', full)
  mock.accounts.topUp('k', 1)
  full.on = true
  await expect(keeper.stop()).rejects.toThrow('database or disk is full')
  // Closed: the lock is free for the next server, which finds the state before the failed commit.
  expect((await reopen(path)).world.account('k')!.ledger.topped_up).toBe(100)
})

it('forgets a removed account with its tasks, follows a reset whole, and keeps forced ends', async () => {
  const path = join(await mkdtemp(join(tmpdir(), 'atm-keep-')), 'state.db')
  const mock = createMock({ scenario: TWO })
  const { keeper, errors } = await keep(path, mock, 'interval')
  const post = (apiKey: string) => createTask(mock.world, { apiKey, origin: 'http://127.0.0.1', contentType: 'application/json', body: lyrics }).response!
  const kept = (JSON.parse(post('k').body) as { data: { task_id: string } }).data.task_id
  expect(post('gone').status).toBe(202)
  await keeper.flush()
  mock.accounts.remove('gone')
  mock.tasks.force(kept, 'failure', 'forced for the test')
  await keeper.flush()
  mock.reset()
  expect(post('k').status).toBe(202)
  mock.accounts.remove('gone')
  await keeper.stop()
  expect(errors).toEqual([])
  const back = await reopen(path, TWO)
  expect([...back.world.tasks.keys()]).toEqual([...mock.world.tasks.keys()])
  expect([...back.world.accounts.keys()]).toEqual(['k'])
  expect(back.world.account('k')!.events).toEqual(mock.world.account('k')!.events)
  expect(back.world.epoch).toBe(mock.world.epoch)
})
