/**
 * docs/ci.md's standalone-executable lines, run as written in the repository's root with bash and
 * no `node` on the PATH: off unless AUDIO_TASK_MOCK_EXE names `dist-exe/audio-task-mock`, the file
 * the lines run (.ci/exe.sh builds it with the block's `npm run build:exe` and sets it).
 * The first line (`npm ci && npm run build:exe`) is what CI and that script do before; the serving
 * line's `--port 4010` is `--port 0` here, as tests listen on free ports.
 */
import { mkdtempSync, readFileSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { blockOf, commandLines, REPO } from '../support/doc-blocks.js'
import { runLine, startLine } from '../support/doc-shell.js'
import { EXE_ENV } from '../support/exe-door.js'

const EXE = 'dist-exe/audio-task-mock'
const given = process.env[EXE_ENV] ? resolve(process.env[EXE_ENV]) : ''
const [build, version, run, serve, check] = commandLines(blockOf('docs/ci.md', 'sh', `${EXE} --version`)) as [string, string, string, string, string]

/** A PATH with a shell and no node (/bin may hold node: /bin is /usr/bin on Debian). */
function noNode(): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'atm-exe-doc-path-'))
  for (const shell of ['sh', 'bash']) symlinkSync(`/bin/${shell}`, join(dir, shell))
  return { PATH: dir, HOME: process.env['HOME'] ?? '/tmp' }
}

describe.skipIf(given === '')('the standalone executable, as docs/ci.md runs it', () => {
  it('is the file the lines name, built by the line CI runs', () => {
    expect(given).toBe(resolve(REPO, EXE))
    expect(build).toBe('npm ci && npm run build:exe')
    expect(readFileSync(join(REPO, '.ci/exe.sh'), 'utf8')).toContain('npm run -s build:exe')
  })

  it('prints its version, runs a command with the URL, and checks a scenario', async () => {
    const env = noNode()
    const printed = await runLine(version, REPO, env)
    expect(printed.stdout.trim(), printed.output).toBe(JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')).version)
    const ran = await runLine(run, REPO, env)
    expect(ran.code, ran.output).toBe(0)
    expect(ran.stdout.trim()).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const checked = await runLine(check, REPO, env)
    expect({ code: checked.code, stdout: checked.stdout }).toEqual({ code: 0, stdout: 'scenarios/default.yaml: ok\n' })
  })

  it('serves the scenario its variable names until stopped', async () => {
    expect(serve).toMatch(/ --port 4010$/)
    const fake = startLine(serve.replace(/ --port 4010$/, ' --port 0'), REPO, noNode())
    try {
      const health = (await (await fetch(`${await fake.ready}/__admin/health`)).json()) as { scenario: string }
      expect(health.scenario).toBe('flaky-create')
    } finally {
      fake.signal('SIGTERM')
    }
    expect(await fake.exited).toBe(0)
  })
})
