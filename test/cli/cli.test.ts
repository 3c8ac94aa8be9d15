import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli, startCli } from '../support/spawn-cli.js'

const createMusic = (url: string, key = 'demo-key') =>
  fetch(`${url}/api/v1/task`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: 'lofi' } }),
  }).then((response) => response.json() as Promise<{ data: { task_id: string } }>)

describe('audio-task-mock CLI', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('serves the default scenario on a free port and exits 0 on %s', async (signal) => {
    const cli = await startCli(['--port', '0'])
    expect(cli.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect((await createMusic(cli.url)).data.task_id).toMatch(/^[0-9a-f-]{36}$/)
    cli.child.kill(signal)
    expect(await cli.exited).toEqual({ code: 0, signal: null })
  })

  it('overrides the seed with --seed', async () => {
    const ids: string[] = []
    for (const seed of ['1', '1', '2']) {
      const cli = await startCli(['--port', '0', '--seed', seed])
      ids.push((await createMusic(cli.url)).data.task_id)
      cli.child.kill('SIGTERM')
      await cli.exited
    }
    expect(ids[0]).toBe(ids[1])
    expect(ids[2]).not.toBe(ids[0])
  })

  it('serves a scenario file given with --scenario', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'atm-cli-'))
    const file = join(dir, 'one.yaml')
    await writeFile(file, 'version: 1\nname: one\naccounts:\n  - { api_key: only-key, credits: 5 }\n')
    const cli = await startCli(['--port', '0', '--scenario', file])
    expect(cli.output()).toContain('scenario "one"')
    const usage = await fetch(`${cli.url}/api/v1/account/usage`, { headers: { 'x-api-key': 'only-key' } })
    expect(await usage.json()).toEqual({ code: 200, data: { tasks_created: 0, credits_used: 0, credits_topped_up: 5 } })
    cli.child.kill('SIGTERM')
    await cli.exited
  })

  it('prints FILE:LINE:COL for a bad scenario and exits 2', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'atm-cli-'))
    const file = join(dir, 'bad.yaml')
    await writeFile(file, 'version: 1\nseed: 3\nacounts: []\n')
    const result = await runCli(['--scenario', file, '--port', '0'])
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:3:1: `))
    expect(result.stderr).toContain('did you mean "accounts"?')
  })

  it('explains a wrong flag and exits 2; --help exits 0', async () => {
    const wrong = await runCli(['--prot', '1'])
    expect(wrong.code).toBe(2)
    expect(wrong.stderr).toContain("Unknown option '--prot'")
    expect(wrong.stderr).toContain("Run 'audio-task-mock --help' to see every option.")
    expect(wrong.stderr).not.toContain('Usage: audio-task-mock')
    const help = await runCli(['--help'])
    expect(help.code).toBe(0)
    expect(help.stdout).toContain('--scenario FILE')
  })
})
