/** The CLI's control-plane flags: --report prints the client report on exit, --admin-token guards /__admin. */
import { once } from 'node:events'
import { describe, expect, it } from 'vitest'
import { runCli, startCli, type Started } from '../support/spawn-cli.js'

const headers = { 'x-api-key': 'demo-key', 'content-type': 'application/json' }

async function stop(cli: Started): Promise<string> {
  const closed = once(cli.child, 'close')
  cli.child.kill('SIGTERM')
  await closed
  return cli.output()
}

describe('audio-task-mock CLI control flags', () => {
  it('prints the client report on exit with --report', async () => {
    const cli = await startCli(['--port', '0', '--report'])
    const created = await fetch(`${cli.url}/api/v1/task`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: 'lofi' } }),
    }).then((response) => response.json() as Promise<{ data: { task_id: string } }>)
    for (let i = 0; i < 5; i++) await fetch(`${cli.url}/api/v1/task/${created.data.task_id}`, { headers })
    const output = await stop(cli)
    expect(output).toContain('audio-task-mock client report: 2 violation(s) in 6 request(s) from 1 key(s)')
    expect(output).toMatch(/demo…key: 6 request\(s\) \(200×5, 202×1\), 1 task\(s\), 2 violation\(s\) by \d request\(s\)\n {2}✗ poll_too_fast task /)
    expect(output).toContain('✗ read_after_final')
    expect(output).not.toContain('demo-key')
  })

  it('guards /__admin with --admin-token or the environment (and prints no report without --report)', async () => {
    for (const [args, env] of [
      [['--admin-token', 'flag-token'], {}],
      [[], { AUDIO_TASK_MOCK_ADMIN_TOKEN: 'flag-token' }],
    ] as const) {
      const cli = await startCli(['--port', '0', ...args], env)
      expect((await fetch(`${cli.url}/__admin/health`)).status).toBe(401)
      const health = await fetch(`${cli.url}/__admin/health`, { headers: { authorization: 'Bearer flag-token' } })
      expect(await health.json()).toMatchObject({ status: 'ok', scenario: 'default' })
      expect(await stop(cli)).not.toContain('client report')
    }
  })

  it('refuses an empty admin token (exit 2)', async () => {
    const result = await runCli(['--admin-token', '', '--port', '0'])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('--admin-token expects a non-empty token')
  })
})
