/**
 * docs/persistence.md's two command lines, run as written (bash, in a fresh folder, the built CLI
 * as `audio-task-mock`; the port comes from AUDIO_TASK_MOCK_PORT=0, which the page's lines leave
 * to the environment): a world created under each is there after a restart, after Ctrl-C for the
 * interval mode and after SIGKILL for the durable mode, as the lines' comments promise.
 */
import { existsSync, mkdtempSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { commandLines, firstBlockOf, readPage } from '../support/doc-blocks.js'
import { pathWithCli, startLine } from '../support/doc-shell.js'

const [interval, durable] = commandLines(firstBlockOf('docs/persistence.md', 'sh'))
const KEY = { 'x-api-key': 'demo-key' }
const page = readPage('docs/persistence.md')

async function create(url: string): Promise<string> {
  const answer = await fetch(`${url}/api/v1/task`, {
    method: 'POST',
    headers: { ...KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: 'lofi' } }),
  })
  expect(answer.status).toBe(202)
  return ((await answer.json()) as { data: { task_id: string } }).data.task_id
}

const usage = async (url: string): Promise<unknown> => (await (await fetch(`${url}/api/v1/account/usage`, { headers: KEY })).json()) as unknown
const taskStatus = async (url: string, id: string): Promise<number> => (await fetch(`${url}/api/v1/task/${id}`, { headers: KEY })).status

/** Runs `line` in `dir`, creates a task, stops it with `stop`, starts it again: the task and the credits are back. */
async function survives(line: string, stop: NodeJS.Signals, exitCode: number | null): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'atm-persistence-doc-'))
  const env = { PATH: pathWithCli(), AUDIO_TASK_MOCK_PORT: '0' }
  const first = startLine(line, dir, env)
  const url = await first.ready
  const id = await create(url)
  const credits = await usage(url)
  first.signal(stop)
  expect(await first.exited, first.output()).toBe(exitCode)
  expect(existsSync(join(dir, 'world.db'))).toBe(true)

  const second = startLine(line, dir, env)
  try {
    const again = await second.ready
    expect(await taskStatus(again, id)).toBe(200)
    expect(await usage(again)).toEqual(credits)
    expect(await create(again)).not.toBe(id) // a new run's ids never repeat the earlier run's
  } finally {
    second.signal('SIGINT')
  }
  expect(await second.exited, second.output()).toBe(0)
  // After a clean stop only FILE is left (docs/persistence.md, "Files and limits").
  expect(readdirSync(dir)).toEqual(['world.db'])
}

it('the interval line keeps the world across Ctrl-C and a restart', async () => {
  expect(interval).toMatch(/# interval mode \(default\)$/)
  await survives(interval!, 'SIGINT', 0)
})

it('the durable line keeps an acknowledged create across SIGKILL', async () => {
  expect(durable).toMatch(/# every acknowledged create survives SIGKILL$/)
  await survives(durable!, 'SIGKILL', null)
})

it('AUDIO_TASK_MOCK_SQLITE=libsql picks libsql for the line', async () => {
  expect(page).toContain('`AUDIO_TASK_MOCK_SQLITE=libsql` (or `node`) picks one when both are there')
  const line = startLine(interval!, mkdtempSync(join(tmpdir(), 'atm-persistence-doc-')), {
    PATH: pathWithCli(),
    AUDIO_TASK_MOCK_PORT: '0',
    AUDIO_TASK_MOCK_SQLITE: 'libsql',
  })
  await line.ready
  line.signal('SIGINT')
  expect(await line.exited).toBe(0)
  expect(line.output()).toMatch(/kept with libsql \(SQLite [\d.]+\), interval mode/)
})
