import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli, startCli } from '../support/spawn-cli.js'

const headers = { 'x-api-key': 'demo-key', 'content-type': 'application/json' }
const music = JSON.stringify({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: 'lofi' } })

async function stop(cli: Awaited<ReturnType<typeof startCli>>): Promise<void> {
  cli.child.kill('SIGTERM')
  expect(await cli.exited).toEqual({ code: 0, signal: null })
}

describe('--state FILE', () => {
  it('keeps every task and credit across a restart', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'atm-state-'))
    const state = join(dir, 'world.json')
    const first = await startCli(['--port', '0', '--state', state])
    expect(first.output()).toContain(`no state in ${state} yet`)
    const created = (await (await fetch(`${first.url}/api/v1/task`, { method: 'POST', headers, body: music })).json()) as { data: { task_id: string } }
    const id = created.data.task_id
    const firstRead = await (await fetch(`${first.url}/api/v1/task/${id}`, { headers })).text()
    await fetch(`${first.url}/__admin/clock/advance`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"by":"5s"}' })
    const saved = ((await (await fetch(`${first.url}/__admin/clock`)).json()) as { now: string }).now
    await stop(first)
    // One SQLite file, its WAL folded in at shutdown, no holder file left.
    expect((await readFile(state)).subarray(0, 16).toString('latin1')).toBe('SQLite format 3\0')
    expect(await readdir(dir)).toEqual(['world.json'])

    const second = await startCli(['--port', '0', '--state', state])
    expect(second.output()).toContain(`restored 4 accounts and 1 tasks from ${state}`)
    const clock = (await (await fetch(`${second.url}/__admin/clock`)).json()) as { now: string }
    expect(clock.now).toBe(saved)
    expect(await (await fetch(`${second.url}/api/v1/account/usage`, { headers })).json()).toEqual({
      code: 200,
      data: { tasks_created: 1, credits_used: 10, credits_topped_up: 1000 },
    })
    // The default scenario's task runs 15 s pending and 25 s running on its own time, which each
    // read by its owner moves 10 s (decision 038): read once and 5 s later, it is 15 s old; the
    // restart keeps that, and the next reads see it at 25 s, 35 s, 45 s.
    const reads = []
    for (let i = 0; i < 3; i++)
      reads.push(((await (await fetch(`${second.url}/api/v1/task/${id}`, { headers })).json()) as { data: Record<string, string> }).data)
    expect(reads.map((task) => task.status)).toEqual(['running', 'running', 'success'])
    expect(Date.parse(reads[2]!.completed_at!) - Date.parse(reads[2]!.created_at!)).toBe(40_000)
    expect(firstRead).toContain('"status":"pending"')
    await stop(second)
  })

  it('refuses a corrupt or foreign state file with a clear message, exit 2', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'atm-state-'))
    const corrupt = join(dir, 'corrupt.json')
    await writeFile(corrupt, '{"format": "audio-task-mock/state", "version": 1, "tru')
    const broken = await runCli(['--port', '0', '--state', corrupt])
    expect(broken.code).toBe(2)
    expect(broken.stderr).toMatch(new RegExp(`^audio-task-mock: ${corrupt.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: refused: not a state file \\(not JSON: `))
    const foreign = join(dir, 'foreign.json')
    await writeFile(foreign, JSON.stringify({ some: 'other tool' }))
    const refused = await runCli(['--port', '0', '--state', foreign])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('refused: format: ')
    expect(await readFile(foreign, 'utf8')).toBe(JSON.stringify({ some: 'other tool' }))
  })
})
