import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createMock } from '../../src/mock/create-mock.js'
import { snapshotWorld } from '../../src/state/snapshot.js'
import { runCli, startCli, type Started } from '../support/spawn-cli.js'

const demo = { 'x-api-key': 'demo-key', 'content-type': 'application/json' }
const lyrics = JSON.stringify({ model: 'music-model', task_type: 'lyrics', input: { prompt: 'refusals' } })
const quote = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

async function stop(cli: Started): Promise<void> {
  cli.child.kill('SIGTERM')
  expect({ ...(await cli.exited), output: cli.output() }).toEqual({ code: 0, signal: null, output: cli.output() })
}

async function stateWithTasks(count: number, args: string[] = []): Promise<{ dir: string; state: string; ids: string[] }> {
  const dir = await mkdtemp(join(tmpdir(), 'atm-refuse-'))
  const state = join(dir, 'world.db')
  const cli = await startCli(['--port', '0', '--state', state, ...args])
  const ids: string[] = []
  for (let i = 0; i < count; i++) {
    const answer = (await (await fetch(`${cli.url}/api/v1/task`, { method: 'POST', headers: demo, body: lyrics })).json()) as { data: { task_id: string } }
    ids.push(answer.data.task_id)
  }
  await stop(cli)
  return { dir, state, ids }
}

describe('--state refuses what it cannot keep safely (exit 2, FILE named)', () => {
  it('refuses a second server on the same state, naming the holder', async () => {
    const { state } = await stateWithTasks(1)
    const first = await startCli(['--port', '0', '--state', state, '--state-mode', 'durable'])
    const second = await runCli(['--port', '0', '--state', state])
    expect(second.code).toBe(2)
    expect(second.stderr).toContain(`${state}: refused: another audio-task-mock serves it (pid ${first.child.pid} on `)
    // The first one is untouched: it still serves and saves its task.
    expect((await fetch(`${first.url}/api/v1/task`, { method: 'POST', headers: demo, body: lyrics })).status).toBe(202)
    await stop(first)
    const third = await startCli(['--port', '0', '--state', state])
    expect(third.output()).toContain(`restored 4 accounts and 2 tasks from ${state}`)
    await stop(third)
  })

  it('refuses a damaged file with what was found, and leaves it as it was', async () => {
    const { state } = await stateWithTasks(30)
    const good = await readFile(state)
    // One byte removed in the middle: every page after it is shifted.
    const damaged = Buffer.concat([good.subarray(0, 5000), good.subarray(5001)])
    await writeFile(state, damaged)
    const result = await runCli(['--port', '0', '--state', state])
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(
      new RegExp(`^audio-task-mock: ${quote(state)}: refused: (the database is damaged|it is not a state database that can be read)`),
    )
    expect((await readFile(state)).equals(damaged)).toBe(true)
  })

  it('refuses a file that is not a state, showing how it starts', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'atm-refuse-'))
    const state = join(dir, 'notes.txt')
    await writeFile(state, 'shopping: milk\n')
    const result = await runCli(['--port', '0', '--state', state])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(`${state}: refused: not a state file: it starts with "shopping: milk\\n"`)
  })

  it('refuses a state saved under another scenario unless --state-any-scenario', async () => {
    const { dir, state, ids } = await stateWithTasks(2)
    const other = join(dir, 'other.yaml')
    await writeFile(other, 'version: 1\nname: other\naccounts: [{ api_key: demo-key, credits: 5 }]\n')
    const refused = await runCli(['--port', '0', '--scenario', other, '--state', state])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain(`${state}: refused: it was saved under another scenario ("default", fingerprint `)
    expect(refused.stderr).toContain('give --state-any-scenario to take it anyway')
    const taken = await startCli(['--port', '0', '--scenario', other, '--state', state, '--state-any-scenario'])
    expect((await fetch(`${taken.url}/api/v1/task/${ids[1]}`, { headers: demo })).status).toBe(200)
    await stop(taken)
    const help = await runCli(['--help'])
    expect(help.stdout).toContain('--state-any-scenario')
  })

  it('migrates a JSON state of the earlier format once, keeping the old file beside it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'atm-refuse-'))
    const state = join(dir, 'world.json')
    const mock = createMock()
    const created = await mock.fetch('http://127.0.0.1/api/v1/task', { method: 'POST', headers: demo, body: lyrics })
    const id = ((await created.json()) as { data: { task_id: string } }).data.task_id
    await writeFile(state, JSON.stringify(snapshotWorld(mock.world, new Date(0))))
    const cli = await startCli(['--port', '0', '--state', state])
    expect(cli.output()).toContain(`migrated 4 accounts and 1 tasks from the JSON state in ${state} (kept as ${state}.format-2) to SQLite`)
    expect((await fetch(`${cli.url}/api/v1/task/${id}`, { headers: demo })).status).toBe(200)
    await stop(cli)
    expect((await readdir(dir)).sort()).toEqual(['world.json', 'world.json.format-2'])
    const again = await startCli(['--port', '0', '--state', state])
    expect(again.output()).toContain(`restored 4 accounts and 1 tasks from ${state}`)
    await stop(again)
  })

  it('refuses to start over a migration that did not finish, naming the JSON state it left', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'atm-refuse-'))
    const state = join(dir, 'world.json')
    const mock = createMock()
    await mock.fetch('http://127.0.0.1/api/v1/task', { method: 'POST', headers: demo, body: lyrics })
    // What a migration killed after it moved the JSON state aside leaves: FILE.format-2 and no FILE.
    await writeFile(`${state}.format-2`, JSON.stringify(snapshotWorld(mock.world, new Date(0))))
    const result = await runCli(['--port', '0', '--state', state])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(`${state}: refused: ${state}.format-2 holds a JSON state whose migration did not finish`)
    expect(result.stderr).toContain(`mv ${state}.format-2 ${state}`)
    expect((await readdir(dir)).sort()).toEqual(['world.json.format-2'])
  })

  it('refuses a copy of a running server FILE taken without its FILE-wal, instead of starting empty', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'atm-refuse-'))
    const state = join(dir, 'world.db')
    const cli = await startCli(['--port', '0', '--state', state])
    expect((await fetch(`${cli.url}/api/v1/task`, { method: 'POST', headers: demo, body: lyrics })).status).toBe(202)
    const copy = join(dir, 'copy.db')
    await copyFile(state, copy) // FILE alone: what it holds so far is in FILE-wal
    await stop(cli)
    const result = await runCli(['--port', '0', '--state', copy])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(`${copy}: refused: it holds no saved world: `)
    expect(result.stderr).toContain('copy FILE with its FILE-wal')
  })

  it('refuses a state whose FILE-wal was deleted after a crash, instead of starting empty', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'atm-refuse-'))
    const state = join(dir, 'world.db')
    const cli = await startCli(['--port', '0', '--state', state])
    expect((await fetch(`${cli.url}/api/v1/task`, { method: 'POST', headers: demo, body: lyrics })).status).toBe(202)
    cli.child.kill('SIGKILL')
    await cli.exited
    await rm(`${state}-wal`)
    const result = await runCli(['--port', '0', '--state', state])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(`${state}: refused: it holds no saved world: `)
  })
})
