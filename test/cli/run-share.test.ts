/**
 * A run, shared (issue 39): `GET /__admin/run` saved as a file, `audio-task-mock replay` serving
 * it, and `audio-task-mock diff` comparing the run with its replay request by request.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { runCli, startCli, type Started } from '../support/spawn-cli.js'

const SCENARIO = `version: 1
name: shared-run
seed: 3
clock: { mode: manual, start: "2026-01-01T00:00:00.000Z" }
accounts:
  - { api_key: qa-run-key, credits: 100 }
faults:
  - match: { endpoint: get_task, nth: 2 }
    respond: { status: 500, message: upstream hiccup }
`

async function stop(cli: Started): Promise<void> {
  cli.child.kill('SIGTERM')
  await cli.exited
}

/** The session: a create, three reads (the 2nd is the fault's 500), a usage; then the run file. */
async function session(url: string, key: string, file: string): Promise<void> {
  const headers = { 'x-api-key': key, 'content-type': 'application/json' }
  const body = JSON.stringify({ model: 'music-model', task_type: 'lyrics', input: { prompt: 'rain' } })
  const created = (await (await fetch(`${url}/api/v1/task`, { method: 'POST', headers, body })).json()) as { data: { task_id: string } }
  for (let read = 0; read < 3; read++) await fetch(`${url}/api/v1/task/${created.data.task_id}`, { headers })
  await fetch(`${url}/api/v1/account/usage`, { headers })
  writeFileSync(file, await (await fetch(`${url}/__admin/run`)).text())
}

it('replays a run file, and diffs the run with its replay request by request', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'atm-run-share-'))
  writeFileSync(join(dir, 'scenario.yaml'), SCENARIO)
  const original = await startCli(['--port', '0', '--scenario', join(dir, 'scenario.yaml')])
  await session(original.url, 'qa-run-key', join(dir, 'run.json'))
  await stop(original)

  const replay = await startCli(['replay', join(dir, 'run.json'), '--port', '0'])
  expect(replay.output()).toContain('replaying')
  await session(replay.url, 'recorded-key-1', join(dir, 'replay.json'))
  await stop(replay)

  const same = await runCli(['diff', join(dir, 'run.json'), join(dir, 'run.json')])
  expect(same.code, same.stderr).toBe(0)
  expect(same.stdout).toContain('5 same, 0 changed, 0 only in A, 0 only in B')
  const diff = await runCli(['diff', '--json', join(dir, 'run.json'), join(dir, 'replay.json')])
  const result = JSON.parse(diff.stdout) as { counts: Record<string, number>; rows: Array<{ changes: Array<{ field: string }> }> }
  // The replay answers every request as the run did: the same statuses, task statuses and causes.
  expect(result.counts).toMatchObject({ only_a: 0, only_b: 0 })
  const fields = new Set(result.rows.flatMap((row) => row.changes.map((change) => change.field)))
  for (const field of ['request', 'status', 'task status', 'cause']) expect(fields.has(field), [...fields].join(', ')).toBe(false)
  expect(diff.code).toBe(result.counts['changed'] === 0 ? 0 : 1)
})

it('refuses a file that is not a run, naming what is wrong', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'atm-run-share-'))
  writeFileSync(join(dir, 'x.json'), '{"format":"har"}')
  const replay = await runCli(['replay', join(dir, 'x.json')])
  expect(replay.code).toBe(2)
  expect(replay.stderr).toContain('not an audio-task-mock run file: format: expected "audio-task-mock-run", got "har"')
  const diff = await runCli(['diff', join(dir, 'x.json'), join(dir, 'missing.json')])
  expect(diff.code).toBe(2)
  expect((await runCli(['replay', join(dir, 'x.json'), '--watch'])).stderr).toContain('--watch does not go with replay')
})
