/**
 * A state file damaged inside a row (a bit flipped by a disk or a copy) is refused with what was
 * found, never a crash and never a silently different world (issue 40, defect 7: a byte that is
 * not UTF-8 made libsql panic with SIGABRT; a flipped character in a task's id restored the task
 * under another id). Every damage here keeps SQLite's own structure whole, so only the rows tell.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli, startCli } from '../support/spawn-cli.js'

const demo = { 'x-api-key': 'demo-key', 'content-type': 'application/json' }
const lyrics = JSON.stringify({ model: 'music-model', task_type: 'lyrics', input: { prompt: 'damaged rows' } })

/** A state with three tasks, stopped cleanly (one file); the ids of its tasks. */
async function saved(): Promise<{ state: string; ids: string[] }> {
  const dir = await mkdtemp(join(tmpdir(), 'atm-damaged-'))
  const state = join(dir, 'world.db')
  const cli = await startCli(['--port', '0', '--state', state])
  const ids: string[] = []
  for (let i = 0; i < 3; i++) {
    const answer = (await (await fetch(`${cli.url}/api/v1/task`, { method: 'POST', headers: demo, body: lyrics })).json()) as { data: { task_id: string } }
    ids.push(answer.data.task_id)
  }
  cli.child.kill('SIGTERM')
  expect((await cli.exited).code).toBe(0)
  return { state, ids }
}

/** Changes the byte at `offset` of `needle`'s every occurrence in FILE (SQLite keeps a row's text as it is). */
async function damage(state: string, needle: string, offset: number, byte: (old: number) => number): Promise<number> {
  const bytes = await readFile(state)
  let count = 0
  for (let at = bytes.indexOf(needle); at !== -1; at = bytes.indexOf(needle, at + 1)) {
    bytes[at + offset] = byte(bytes[at + offset]!)
    count += 1
  }
  await writeFile(state, bytes)
  return count
}

describe('--state refuses a file damaged inside its rows', () => {
  it('refuses a task row holding bytes that are not UTF-8, without crashing', async () => {
    const { state, ids } = await saved()
    expect(await damage(state, `"id":"${ids[1]}"`, 8, () => 0xff)).toBe(1)
    const result = await runCli(['--port', '0', '--state', state])
    expect(result.stderr).not.toMatch(/panick|Utf8Error/)
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(`${state}: refused: the state is damaged: tasks[${ids[1]}]: not UTF-8`)
  })

  it('refuses a task whose id in its row and in its text differ, instead of restoring it under another id', async () => {
    const { state, ids } = await saved()
    // One character of the id inside the task's JSON text (the row's id column is left as it was).
    expect(await damage(state, `"id":"${ids[2]}"`, 8, (old) => (old === 0x61 ? 0x62 : 0x61))).toBe(1)
    const result = await runCli(['--port', '0', '--state', state])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(`${state}: refused: the state is damaged: tasks[${ids[2]}]: its text holds the id `)
  })
})
