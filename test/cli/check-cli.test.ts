/** `audio-task-mock check`: the same checks as start-up, offline, on many files at once. */
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { bundledScenarioNames } from '../../src/cli/bundled-scenarios.js'
import { BIN } from '../support/spawn-cli.js'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const BROKEN = join(ROOT, 'test/scenario/broken')

function check(args: string[], cwd = ROOT): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, 'check', ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })))
}

describe('audio-task-mock check', () => {
  it('passes every bundled scenario: exit 0, one "ok" line each', async () => {
    const files = bundledScenarioNames().map((name) => `scenarios/${name}.yaml`)
    const result = await check(files)
    expect(result).toEqual({ code: 0, stdout: files.map((file) => `${file}: ok\n`).join(''), stderr: '' })
  })

  it('prints every mistake of the broken-scenario corpus exactly, and exits 2', async () => {
    const files = readdirSync(BROKEN)
      .filter((name) => /\.(ya?ml|json)$/.test(name))
      .sort()
    const expected = files.map((name) => readFileSync(join(BROKEN, name.replace(/\.(ya?ml|json)$/, '.expected.txt')), 'utf8')).join('')
    const result = await check(files, BROKEN)
    expect(result.code).toBe(2)
    expect(result.stdout).toBe(expected)
    const mistakes = expected.trimEnd().split('\n').length
    expect(result.stderr).toBe(`audio-task-mock check: ${mistakes} mistakes in ${files.length} of ${files.length} files\n`)
  })

  it('reports valid and invalid files together as JSON with --json', async () => {
    const result = await check(['--json', 'happy-path', 'test/scenario/broken/unknown-key.yaml', 'missing.yaml'])
    expect(result.code).toBe(2)
    const report = JSON.parse(result.stdout) as { ok: boolean; files: Array<{ file: string; ok: boolean; scenario: string | null; errors: unknown[] }> }
    expect(report.ok).toBe(false)
    expect(report.files.map((file) => [file.ok, file.scenario])).toEqual([
      [true, 'happy-path'],
      [false, null],
      [false, null],
    ])
    expect(report.files[0]!.file).toMatch(/scenarios[\\/]happy-path\.yaml$/)
    expect(report.files[1]!.errors[0]).toMatchObject({ file: 'test/scenario/broken/unknown-key.yaml', line: expect.any(Number), col: expect.any(Number) })
    expect(report.files[2]!.errors).toEqual([{ file: 'missing.yaml', line: 1, col: 1, path: '', message: 'cannot read the scenario file: no such file' }])
  })

  it('asks for a file, or refuses an unknown flag, with exit 2', async () => {
    expect((await check([])).stderr).toContain('name at least one scenario file')
    const wrong = await check(['--jsn', 'x.yaml'])
    expect(wrong.code).toBe(2)
    expect(wrong.stderr).toContain("Unknown option '--jsn'")
  })
})
