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
    expect(files.length).toBe(11)
    const lenient = await check(files, NEVER)
    expect(lenient.code).toBe(0)
    expect(
      lenient.stdout
        .trimEnd()
        .split('\n')
        .map((line) => line.slice(0, line.indexOf(':'))),
    ).toEqual(files)
    for (const line of lenient.stdout.trimEnd().split('\n'))
      expect(line).toMatch(/^[\w.-]+:\d+:\d+: [\w.-]+: warning: .*(can never fire|can never run|no task will take it)/)
    expect(lenient.stderr).toBe('audio-task-mock check: 11 warnings (pass --strict to fail on them)\n')
    const strict = await Promise.all(files.map(async (name) => [name, (await check(['--strict', name], NEVER)).code]))
    expect(strict).toEqual(files.map((name) => [name, 1]))
  }, 60_000)

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

  it('says ok in --json exactly when the exit code is 0, also under --strict (issue 39)', async () => {
    const strict = await check(['--json', '--strict', 'probability-zero.yaml'], NEVER)
    expect(strict.code).toBe(1)
    const report = JSON.parse(strict.stdout) as { ok: boolean; files: Array<{ ok: boolean; warnings: unknown[] }> }
    expect([report.ok, report.files[0]!.ok, report.files[0]!.warnings.length]).toEqual([false, false, 1])
    const lenient = await check(['--json', 'probability-zero.yaml'], NEVER)
    expect(lenient.code).toBe(0)
    expect((JSON.parse(lenient.stdout) as { ok: boolean }).ok).toBe(true)
  })

  it('names the five things issue 39 found that can never fire, each where it is written', async () => {
    const files = ['timeout-cuts-step.yaml', 'probability-zero.yaml', 'usage-task-type.yaml', 'mode-field.yaml', 'never-affordable.yaml']
    const result = await check(files, NEVER)
    expect(result.stdout.trimEnd().split('\n')).toEqual([
      'timeout-cuts-step.yaml:7:7: timelines.default.2: warning: service.timeout_after (5m) always ends the task first: the steps before this one last at least 6m ' +
        '(their for, with no polls to leave sooner), so every task of this timeline times out and its success can never run (end it with { status: timeout } if that is meant)',
      'probability-zero.yaml:3:47: faults.0.match.probability: warning: probability 0: no draw is under it; this fault can never fire',
      'usage-task-type.yaml:3:42: faults.0.match.task_type: warning: a usage request is about no task, so it has no task type; a usage fault with task_type can never fire',
      'mode-field.yaml:3:55: rules.0.match.input.gpt_description_prompt: warning: a music task in custom mode has no input field "gpt_description_prompt" ' +
        '(its fields: "prompt", "tags", "negative_tags", "title", "make_instrumental", "mv"); a create that sends it is in description mode, or a 400 when it mixes modes, so this rule can never fire',
      'never-affordable.yaml:5:23: rules.0.match.api_key: warning: "low-key" opens with 3 credits, less than a music task costs (10): its creates answer 402 ' +
        'before any rule is read, so this rule can never fire unless the account is topped up at run time (then tell check: --runtime-key low-key)',
    ])
    expect((await check(['--strict', '--runtime-key', 'low-key', 'never-affordable.yaml'], NEVER)).code).toBe(0)
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
