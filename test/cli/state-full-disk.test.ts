import { execFileSync } from 'node:child_process'
import { closeSync, openSync, writeSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm, rmdir, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createMock } from '../../src/mock/create-mock.js'
import { snapshotWorld } from '../../src/state/snapshot.js'
import { runCli, startCli, type Started } from '../support/spawn-cli.js'

/**
 * A filesystem that fills up mid-run: a small tmpfs the test mounts (root only). Skipped with
 * a message when the test cannot mount one.
 */
function canMount(): string | null {
  if (process.getuid?.() !== 0) return 'not root: cannot mount a tmpfs to fill up'
  return null
}
const skip = canMount()
if (skip !== null) console.warn(`state-full-disk.test.ts skipped: ${skip}`)

const mounted: string[] = []
afterEach(async () => {
  for (const dir of mounted.splice(0)) {
    execFileSync('umount', ['-l', dir])
    await rmdir(dir)
  }
})

async function smallDisk(size: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'atm-full-'))
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir])
  mounted.push(dir)
  return dir
}

/** Writes FILE until the disk has no byte left. */
function fill(path: string): void {
  const fd = openSync(path, 'w')
  const chunk = Buffer.alloc(4096, 1)
  try {
    for (;;) writeSync(fd, chunk)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error
  } finally {
    closeSync(fd)
  }
}

const demo = { 'x-api-key': 'demo-key', 'content-type': 'application/json' }
const lyrics = JSON.stringify({ model: 'music-model', task_type: 'lyrics', input: { prompt: 'a nearly full disk '.repeat(40) } })
const SCENARIO = 'version: 1\nname: full-disk\nseed: 3\naccounts: [{ api_key: demo-key, credits: 100000000 }]\n'

async function create(cli: Started): Promise<{ status: number; body: { code: number; data?: { task_id: string }; message?: string } }> {
  const response = await fetch(`${cli.url}/api/v1/task`, { method: 'POST', headers: demo, body: lyrics })
  return { status: response.status, body: (await response.json()) as { code: number; data?: { task_id: string } } }
}

/** The account's ledger and credit events, as the admin API shows them. */
async function usage(cli: Started): Promise<unknown> {
  return await (await fetch(`${cli.url}/__admin/accounts/demo-key`)).json()
}

async function taskCount(cli: Started): Promise<number> {
  return ((await (await fetch(`${cli.url}/__admin/tasks?api_key=demo-key`)).json()) as unknown[]).length
}

describe.skipIf(skip !== null)('--state on a filesystem that fills up', () => {
  it('durable: a create that cannot be written answers 5xx and changes nothing; the world survives SIGKILL and restart', async () => {
    const dir = await smallDisk('3m')
    const scenario = join(dir, 'full-disk.yaml')
    await writeFile(scenario, SCENARIO)
    const state = join(dir, 'world.db')
    const args = ['--port', '0', '--scenario', scenario, '--state', state, '--state-mode', 'durable']
    const first = await startCli(args)
    const acknowledged: string[] = []
    for (let i = 0; i < 20; i++) acknowledged.push((await create(first)).body.data!.task_id)
    fill(join(dir, 'filler'))
    // The WAL may still have room for a few; the first create that needs a new page is refused.
    let refused = null
    for (let i = 0; i < 2000 && refused === null; i++) {
      const before = { account: await usage(first), tasks: await taskCount(first) }
      const answer = await create(first)
      if (answer.status === 202) {
        acknowledged.push(answer.body.data!.task_id)
        continue
      }
      refused = answer
      expect(answer.status).toBeGreaterThanOrEqual(500)
      expect(answer.body).toMatchObject({ code: answer.status, message: expect.stringMatching(/could not be saved.*full/) })
      expect({ account: await usage(first), tasks: await taskCount(first) }).toEqual(before)
    }
    expect(refused).not.toBeNull()
    // Still full: still refused, still nothing charged.
    const before = await usage(first)
    expect((await create(first)).status).toBe(503)
    expect(await usage(first)).toEqual(before)
    // Space again: it recovers by itself.
    await rm(join(dir, 'filler'))
    const after = await create(first)
    expect(after.status).toBe(202)
    acknowledged.push(after.body.data!.task_id)
    const ledger = await usage(first)
    first.child.kill('SIGKILL')
    await first.exited
    const second = await startCli(args)
    expect(await taskCount(second)).toBe(acknowledged.length)
    for (const id of acknowledged) expect((await fetch(`${second.url}/api/v1/task/${id}`, { headers: demo })).status).toBe(200)
    expect(await usage(second)).toEqual(ledger)
    second.child.kill('SIGTERM')
    expect((await second.exited).code).toBe(0)
  })

  it('interval: a final save that fails on SIGTERM exits non-zero, and the last good state is kept', async () => {
    const dir = await smallDisk('3m')
    const state = join(dir, 'world.db')
    const args = ['--port', '0', '--state', state, '--state-interval', '1h']
    const first = await startCli(args)
    expect((await create(first)).status).toBe(202)
    first.child.kill('SIGTERM')
    expect((await first.exited).code).toBe(0)
    const second = await startCli(args)
    for (let i = 0; i < 100; i++) expect((await create(second)).status).toBe(202)
    fill(join(dir, 'filler'))
    second.child.kill('SIGTERM')
    const exited = await second.exited
    expect(exited.code).not.toBe(0)
    expect(second.output()).toMatch(/the state was not saved on shutdown: .*full/)
    await rm(join(dir, 'filler'))
    const third = await startCli(args)
    expect(third.output()).toContain(`restored 4 accounts and 1 tasks from ${state}`)
    third.child.kill('SIGTERM')
    expect((await third.exited).code).toBe(0)
  })

  it('a JSON state migrated on a full disk is put back as it was, and migrates once there is room', async () => {
    const dir = await smallDisk('3m')
    const state = join(dir, 'world.json')
    const mock = createMock()
    const ids: string[] = []
    for (let i = 0; i < 40; i++) {
      const created = await mock.fetch('http://127.0.0.1/api/v1/task', { method: 'POST', headers: demo, body: lyrics })
      ids.push(((await created.json()) as { data: { task_id: string } }).data.task_id)
    }
    await writeFile(state, JSON.stringify(snapshotWorld(mock.world, new Date(0))))
    const json = await readFile(state)
    fill(join(dir, 'filler'))
    const refused = await runCli(['--port', '0', '--state', state])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain(`${state}: refused: `)
    expect(refused.stderr).toMatch(/full/)
    expect(refused.stderr).toContain(`the JSON state is back at ${state}, unchanged`)
    expect((await readFile(state)).equals(json)).toBe(true)
    expect((await readdir(dir)).sort()).toEqual(['filler', 'world.json'])
    await rm(join(dir, 'filler'))
    const cli = await startCli(['--port', '0', '--state', state])
    expect(cli.output()).toContain(`migrated 4 accounts and 40 tasks from the JSON state in ${state}`)
    for (const id of ids) expect((await fetch(`${cli.url}/api/v1/task/${id}`, { headers: demo })).status).toBe(200)
    cli.child.kill('SIGTERM')
    expect((await cli.exited).code).toBe(0)
  }, 60_000)

  it('durable: SIGTERM on a full disk that cannot fold the WAL into FILE exits non-zero and says to keep both files', async () => {
    const dir = await smallDisk('3m')
    const state = join(dir, 'world.db')
    const args = ['--port', '0', '--state', state, '--state-mode', 'durable']
    const first = await startCli(args)
    const acknowledged: string[] = []
    for (let i = 0; i < 60; i++) acknowledged.push((await create(first)).body.data!.task_id)
    fill(join(dir, 'filler'))
    first.child.kill('SIGTERM')
    const exited = await first.exited
    // 60 creates stay in the WAL (SQLite folds it by itself at 1,000 pages): the fold at stop needs room.
    expect(exited.code).toBe(1)
    expect(first.output()).toContain(`the state was saved, but ${state}-wal was not folded into ${state}`)
    expect(first.output()).toContain(`keep ${state}-wal beside it`)
    await rm(join(dir, 'filler'))
    const second = await startCli(args)
    for (const id of acknowledged) expect((await fetch(`${second.url}/api/v1/task/${id}`, { headers: demo })).status).toBe(200)
    second.child.kill('SIGTERM')
    expect((await second.exited).code).toBe(0)
  })
})
