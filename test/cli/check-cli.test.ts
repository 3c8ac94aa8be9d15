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
const NEVER = join(ROOT, 'test/scenario/never-fires')

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

  it('warns about each rule or fault that can never fire: exit 0, and 1 under --strict', async () => {
    const files = readdirSync(NEVER)
      .filter((name) => name.endsWith('.yaml'))
      .sort()
    expect(files.length).toBe(6)
    const lenient = await check(files, NEVER)
    expect(lenient.code).toBe(0)
    expect(
      lenient.stdout
        .trimEnd()
        .split('\n')
        .map((line) => line.slice(0, line.indexOf(':'))),
    ).toEqual(files)
    for (const line of lenient.stdout.trimEnd().split('\n')) expect(line).toMatch(/^[\w.-]+:\d+:\d+: [\w.-]+: warning: .*(can never fire|no task will take it)/)
    expect(lenient.stderr).toBe('audio-task-mock check: 6 warnings (pass --strict to fail on them)\n')
    for (const name of files) expect((await check(['--strict', name], NEVER)).code, name).toBe(1)
  })

  it('says where each warning is and what was meant', async () => {
    const result = await check(['unknown-key-fault.yaml', 'unread-field.yaml', 'shadowed-fault.yaml'], NEVER)
    expect(result.stdout).toBe(
      'unknown-key-fault.yaml:5:40: faults.0.match.api_key: warning: no account has api_key "demo-kye" (accounts: "demo-key"); did you mean "demo-key"?; ' +
        'this fault can never fire unless that account is added at run time (then tell check: --runtime-key demo-kye)\n' +
        'unread-field.yaml:3:41: rules.0.match.input.gpt_descripton_prompt: warning: a music task has no input field "gpt_descripton_prompt" ' +
        '(did you mean "gpt_description_prompt"?); unless clients send a field the service ignores, this rule can never fire\n' +
        'shadowed-fault.yaml:5:5: faults.1: warning: faults.0 matches every request this one matches and always applies first; this one can never fire\n',
    )
  })

  it('takes keys added at run time with --runtime-key, and passes --strict then', async () => {
    expect(await check(['--strict', '--runtime-key', 'secnd-key', 'unknown-key.yaml'], NEVER)).toEqual({
      code: 0,
      stdout: 'unknown-key.yaml: ok\n',
      stderr: '',
    })
    expect((await check(['--strict', '--runtime-key', '*', 'unknown-key-fault.yaml'], NEVER)).code).toBe(0)
    expect((await check(['--strict', '--runtime-key', 'other', 'unknown-key.yaml'], NEVER)).code).toBe(1)
  })
})
