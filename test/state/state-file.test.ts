import { mkdtemp, readdir, readFile, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { createMock } from '../../src/mock/create-mock.js'
import { keepState, readState } from '../../src/state/state-file.js'

it('saves when the world changed, not otherwise, and leaves no temporary file behind', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'atm-keep-'))
  const path = join(dir, 'state.json')
  const mock = createMock({ scenario: 'version: 1\naccounts: [{ api_key: k, credits: 3 }]\n' })
  const errors: Error[] = []
  const keeper = keepState({
    path,
    mode: 'interval',
    intervalMs: 60_000,
    world: mock.world,
    now: () => mock.clock.now().getTime(),
    logSeq: 0,
    onError: (error) => errors.push(error),
  })
  mock.accounts.topUp('k', 1)
  await keeper.flush()
  const first = await stat(path)
  await keeper.flush()
  expect((await stat(path)).mtimeMs).toBe(first.mtimeMs)
  mock.accounts.topUp('k', 4)
  await keeper.stop()
  const saved = (await readState(path)) as { ok: true; value: { accounts: Array<{ ledger: { topped_up: number } }> } }
  expect(saved.value.accounts[0]!.ledger.topped_up).toBe(8)
  expect(await readdir(dir)).toEqual(['state.json'])
  expect(errors).toEqual([])
  expect(JSON.parse((await readFile(path, 'utf8')).split('\n', 1)[0]!).header.format).toBe('audio-task-mock/state')
})

it('saves a change that leaves every count as it was (a reset account with other credits)', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'atm-keep-'))
  const path = join(dir, 'state.json')
  const mock = createMock({ scenario: 'version: 1\naccounts: [{ api_key: k, credits: 3 }]\n' })
  const keeper = keepState({
    path,
    mode: 'interval',
    intervalMs: 60_000,
    world: mock.world,
    now: () => mock.clock.now().getTime(),
    logSeq: 0,
    onError: (error) => {
      throw error
    },
  })
  mock.accounts.topUp('k', 1)
  await keeper.flush()
  mock.accounts.reset('k', 9)
  await keeper.stop()
  const saved = (await readState(path)) as { ok: true; value: { accounts: Array<{ ledger: { topped_up: number } }> } }
  expect(saved.value.accounts[0]!.ledger.topped_up).toBe(9)
})

it('reads a missing file as a fresh start', async () => {
  expect(await readState(join(tmpdir(), 'atm-no-such-dir', 'state.json'))).toEqual({ ok: true, value: null })
})
