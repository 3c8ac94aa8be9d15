/**
 * `audio-task-mock run --fail-on-violations [--ignore-rules LIST] -- COMMAND`: the client report
 * fails the command as the GitHub Action's post step fails a job (action/post.mjs): any violation
 * left after the ignored rules makes run exit 1 when COMMAND passed; COMMAND's own failure keeps
 * its code. Named worlds count too, also one removed before COMMAND ends.
 */
import { expect, it } from 'vitest'
import { blockOf, commandLines } from '../support/doc-blocks.js'
import { pathWithCli, runLine } from '../support/doc-shell.js'
import { runCli } from '../support/spawn-cli.js'

/** A COMMAND (node -e) that creates a task under `prefix` and never reads it: never_read_to_final. */
const neverRead = (prefix = '', after = '') =>
  [
    `const base = process.env.AUDIO_TASK_MOCK_URL + ${JSON.stringify(prefix)};`,
    "const body = JSON.stringify({ model: 'music-model', task_type: 'lyrics', input: { prompt: 'x' } });",
    "const r = await fetch(base + '/api/v1/task', { method: 'POST', headers: { 'x-api-key': 'demo-key', 'content-type': 'application/json' }, body });",
    "console.log('CREATED ' + r.status);",
    after,
  ].join(' ')

const run = (flags: string[], script: string) => runCli(['run', ...flags, '--', process.execPath, '--input-type=module', '-e', script])

it('passes without the flag: the report alone does not fail run', async () => {
  const result = await run([], neverRead())
  expect(result.stdout).toContain('CREATED 202')
  expect(result.code, result.stderr).toBe(0)
})

it('fails a passing COMMAND with exit 1 and lists each violation', async () => {
  const result = await run(['--fail-on-violations'], neverRead())
  expect(result.stdout).toContain('CREATED 202')
  expect(result.code, result.stderr).toBe(1)
  expect(result.stderr).toContain('audio-task-mock run: the client report lists 1 violation (--fail-on-violations)')
  expect(result.stderr).toMatch(/^ {2}\[demo\S*key\] ✗ never_read_to_final task [0-9a-f-]{36}: /m)
})

it('passes when every violation is of an ignored rule, and says so', async () => {
  const result = await run(['--fail-on-violations', '--ignore-rules', 'never_read_to_final,poll_too_fast'], neverRead())
  expect(result.code, result.stderr).toBe(0)
  expect(result.stderr).toContain('audio-task-mock run: the client report lists no violations (ignoring never_read_to_final, poll_too_fast)')
})

it("keeps COMMAND's own failure code", async () => {
  const result = await run(['--fail-on-violations'], neverRead('', 'process.exitCode = 3;'))
  expect(result.code).toBe(3)
  expect(result.stderr).toContain('the client report lists 1 violation')
})

it('counts a named world, also one removed before COMMAND ended', async () => {
  const remove = "await fetch(process.env.AUDIO_TASK_MOCK_URL + '/__admin/worlds/w1', { method: 'DELETE' });"
  const result = await run(['--fail-on-violations'], neverRead('/worlds/w1', remove))
  expect(result.stdout).toContain('CREATED 202')
  expect(result.code, result.stderr).toBe(1)
  expect(result.stderr).toMatch(/^ {2}world w1: \[demo\S*key\] ✗ never_read_to_final /m)
})

it.each([
  [['--fail-on-violations', '--ignore-rules', 'never_read_to_finl'], '--ignore-rules: unknown rule "never_read_to_finl"; did you mean "never_read_to_final"?'],
  [['--fail-on-violations', '--ignore-rules', 'slow'], '--ignore-rules: unknown rule "slow"; the rules are "poll_too_fast", "read_after_final"'],
  [['--ignore-rules', 'poll_too_fast'], '--ignore-rules needs --fail-on-violations'],
])('refuses %j before starting anything (exit 2)', async (flags, message) => {
  const result = await run(flags, "console.log('RAN')")
  expect(result.code).toBe(2)
  expect(result.stdout).not.toContain('RAN')
  expect(result.stderr).toContain(message)
})

it("docs/ci.md's line: fails npm test's run on the report, less the rules it ignores", async () => {
  const line = commandLines(blockOf('docs/ci.md', 'sh', '--fail-on-violations'))[0]!
  expect(line).toBe('npx audio-task-mock run --fail-on-violations --ignore-rules never_read_to_final -- npm test')
  const { mkdtempSync, writeFileSync } = await import('node:fs')
  const { join } = await import('node:path')
  const { tmpdir } = await import('node:os')
  const dir = mkdtempSync(join(tmpdir(), 'atm-fail-on-violations-'))
  const env = { PATH: pathWithCli() }
  const suite = (script: string) => writeFileSync(join(dir, 'package.json'), JSON.stringify({ scripts: { test: script } }))
  // A suite that never reads its task: ignored. One that polls twice in a row: poll_too_fast fails it.
  suite(`node --input-type=module -e ${JSON.stringify(neverRead())}`)
  const ignored = await runLine(line.replace(/^npx /, ''), dir, env)
  expect(ignored.code, ignored.output).toBe(0)
  const pollTwice = `${neverRead()} const id = (await r.json()).data.task_id; for (let i = 0; i < 3; i++) await fetch(base + '/api/v1/task/' + id, { headers: { 'x-api-key': 'demo-key' } });`
  suite(`node --input-type=module -e ${JSON.stringify(pollTwice)}`)
  const failed = await runLine(line.replace(/^npx /, ''), dir, env)
  expect(failed.code, failed.output).toBe(1)
  expect(failed.output).toContain('✗ poll_too_fast')
}, 60_000)
