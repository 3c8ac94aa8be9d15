import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { TaskRequest } from '../../src/domain/world.js'
import { createMock } from '../../src/mock/create-mock.js'
import { readState } from '../../src/state/snapshot-reader.js'
import { restoreWorld, snapshotWorld } from '../../src/state/snapshot.js'
import { writeSnapshot } from '../../src/state/snapshot-writer.js'

const TASKS = Number(process.env['STATE_TASKS'] ?? 3_000)
const SCENARIO = `version: 1\nservice: { max_tasks: ${TASKS + 10} }\naccounts: [{ api_key: k, credits: ${TASKS * 10} }]\n`
const upload: TaskRequest = { type: 'upload', model: 'music-model', mode: null, mv: null, input: { url: 'https://example.com/a.wav' } }

function bigMock() {
  const mock = createMock({ scenario: SCENARIO })
  const account = mock.world.account('k')!
  for (let i = 0; i < TASKS; i++) mock.world.create(account, upload)
  return mock
}

describe('the state file, written in lines', () => {
  it(`writes ${TASKS} tasks in chunks, the event loop free between them, and reads back the same world`, async () => {
    const mock = bigMock()
    const path = join(await mkdtemp(join(tmpdir(), 'atm-writer-')), 'state.json')
    let ticks = 0
    let running = true
    const tick = (): void => {
      ticks += 1
      if (running) setImmediate(tick)
    }
    setImmediate(tick)
    await writeSnapshot(path, mock.world).done
    running = false
    // One chunk per 1,000 records, and the loop turns between chunks.
    expect(ticks).toBeGreaterThanOrEqual(TASKS / 1000)
    const lines = (await readFile(path, 'utf8')).trimEnd().split('\n')
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThan(200_000)
    const read = await readState(path)
    if (!read.ok) throw new Error(read.message)
    const fresh = createMock({ scenario: SCENARIO })
    expect(restoreWorld(fresh.world, { set: (ms) => void fresh.clock.set(ms) }, read.value)).toMatchObject({ ok: true, tasks: TASKS })
    expect(JSON.stringify(snapshotWorld(fresh.world, new Date(0)))).toBe(JSON.stringify(snapshotWorld(mock.world, new Date(0))))
  })

  it('saves the world as it was when the save began, whatever changes during it', async () => {
    const mock = bigMock()
    const before = JSON.stringify(snapshotWorld(mock.world, new Date(0))) // a copy: the snapshot value shares the live objects
    const path = join(await mkdtemp(join(tmpdir(), 'atm-writer-')), 'state.json')
    const account = mock.world.account('k')!
    const last = [...mock.world.tasks.keys()].at(-1)!
    mock.world.observe({ beforeTaskChange: (task) => save.preserve(task) })
    const save = writeSnapshot(path, mock.world)
    // While it is written: a task moves on (read twice), a new one is created, credits move.
    mock.world.read(account, last)
    mock.world.read(account, last)
    mock.world.create(account, upload)
    mock.world.topUp(account, 5)
    await save.done
    const read = await readState(path)
    if (!read.ok) throw new Error(read.message)
    const fresh = createMock({ scenario: SCENARIO })
    restoreWorld(fresh.world, { set: (ms) => void fresh.clock.set(ms) }, read.value)
    expect(JSON.stringify(snapshotWorld(fresh.world, new Date(0)))).toBe(before)
    expect(mock.world.tasks.get(last)!.reads).toBe(2)
  })

  it('refuses a file cut short (a save that did not finish)', async () => {
    const mock = createMock({ scenario: SCENARIO })
    mock.world.create(mock.world.account('k')!, upload)
    const path = join(await mkdtemp(join(tmpdir(), 'atm-writer-')), 'state.json')
    await writeSnapshot(path, mock.world).done
    const text = await readFile(path, 'utf8')
    const { writeFile } = await import('node:fs/promises')
    await writeFile(path, text.split('\n').slice(0, -2).join('\n'))
    expect(await readState(path)).toEqual({ ok: false, message: `${path}: refused: the file is cut short (no end record): a save did not finish` })
  })
})
