/**
 * Every command of the standalone executable (issue 30), run with no `node` on its PATH: off
 * unless AUDIO_TASK_MOCK_EXE names it (.ci/exe.sh builds it and sets it). The HTTP
 * contract suite runs against it through its door (test/support/exe-door.ts).
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs'
import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { EXE_ENV } from '../support/exe-door.js'

const exe = process.env[EXE_ENV] ? resolve(process.env[EXE_ENV]) : ''
/** No node anywhere on it: a folder holding only `sh`, which `run` starts below (/bin may hold node: /bin is /usr/bin on Debian). */
const PATH = mkdtempSync(join(tmpdir(), 'atm-exe-path-'))
symlinkSync('/bin/sh', join(PATH, 'sh'))

interface Ran {
  code: number | null
  stdout: string
  stderr: string
}

function exec(args: string[], env: Record<string, string> = {}): { ran: Promise<Ran>; ready: Promise<string>; kill: () => void } {
  const child = spawn(exe, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { PATH, HOME: process.env['HOME'] ?? '/tmp', ...env } })
  let stdout = ''
  let stderr = ''
  let onReady: (url: string) => void = () => undefined
  const ready = new Promise<string>((resolve) => (onReady = resolve))
  const seen = (): void => {
    const url = /listening on (http:\/\/\S+)/.exec(stdout + stderr)
    if (url) onReady(url[1]!)
  }
  child.stdout.on('data', (chunk: Buffer) => ((stdout += chunk.toString()), seen()))
  child.stderr.on('data', (chunk: Buffer) => ((stderr += chunk.toString()), seen()))
  const ran = new Promise<Ran>((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })))
  return { ran, ready, kill: () => void child.kill('SIGTERM') }
}

describe.skipIf(exe === '')('the standalone executable', () => {
  it('finds no node on the PATH it is given', async () => {
    const { ran } = exec(['run', '--', 'sh', '-c', 'command -v node || echo none'])
    const { code, stdout } = await ran
    expect(code).toBe(0)
    expect(stdout.trim()).toBe('none')
  })

  it('prints its version and checks the bundled scenarios by path', async () => {
    expect((await exec(['--version']).ran).stdout.trim()).toBe(JSON.parse(await readFile('package.json', 'utf8')).version)
    const checked = await exec(['check', 'scenarios/default.yaml', 'scenarios/flaky-create.yaml']).ran
    expect(checked.code).toBe(0)
    expect(checked.stdout).toContain('flaky-create.yaml: ok')
    expect((await exec(['check', 'package.json']).ran).code).toBe(2)
  })

  it('serves a bundled scenario by name, configured by variables, and stops on SIGTERM', async () => {
    const served = exec([], { AUDIO_TASK_MOCK_PORT: '0', AUDIO_TASK_MOCK_SCENARIO: 'insufficient-credits' })
    const url = await served.ready
    const health = (await (await fetch(`${url}/__admin/health`)).json()) as { scenario: string }
    expect(health.scenario).toBe('insufficient-credits')
    expect((await fetch(`${url}/__inspector`)).status).toBe(200)
    expect((await fetch(`${url}/openapi.json`)).status).toBe(200)
    served.kill()
    expect((await served.ran).code).toBe(0)
  })

  it('runs a command beside the fake and passes its exit code on', async () => {
    const { code, stderr } = await exec(['run', '--scenario', 'happy-path', '--', 'sh', '-c', 'test -n "$AUDIO_TASK_MOCK_URL" && exit 7']).ran
    expect(stderr).toContain('scenario "happy-path"')
    expect(code).toBe(7)
  })

  it('records a real service into a scenario', async () => {
    const upstream = exec(['--port', '0'])
    const out = join(await mkdtemp(join(tmpdir(), 'atm-exe-')), 'recorded.yaml')
    const recorder = exec(['record', '--upstream', await upstream.ready, '--out', out, '--port', '0'])
    const via = await recorder.ready
    expect((await fetch(`${via}/api/v1/account/usage`, { headers: { 'x-api-key': 'demo-key' } })).status).toBe(200)
    recorder.kill()
    expect((await recorder.ran).code).toBe(0)
    upstream.kill()
    await upstream.ran
    expect((await exec(['check', out]).ran).code).toBe(0)
  })

  it('verifies a running service (here: itself)', async () => {
    const target = exec(['--port', '0'])
    const verified = await exec(['verify', '--base-url', await target.ready, '--api-key', 'demo-key']).ran
    target.kill()
    await target.ran
    expect(verified.stdout).toMatch(/\d+ checks: \d+ passed, 0 failed/)
    expect(verified.code).toBe(0)
  }, 120_000)

  it('starts again after a cache cleaner deleted a file of its unpack cache', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'atm-exe-cache-'))
    expect((await exec(['check', 'default'], { XDG_CACHE_HOME: cache }).ran).code).toBe(0)
    const [hash] = readdirSync(join(cache, 'audio-task-mock-exe')).filter((name) => !name.startsWith('.'))
    rmSync(join(cache, 'audio-task-mock-exe', hash!, 'scenarios', 'default.yaml'))
    const again = await exec(['check', 'default'], { XDG_CACHE_HOME: cache }).ran
    expect(again.stderr).toBe('')
    expect(again.code).toBe(0)
  })
})
