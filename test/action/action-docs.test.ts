/**
 * docs/ci.md's steps with the Action, run as the runner runs them (test/support/action-runner.ts):
 * the Action's step with the page's `with:` inputs, then the next step's `run:` under bash with
 * its `env:` (the `${{ steps.fake.outputs.url }}` expression filled in from the step's output, and
 * GITHUB_ENV's variables added, as the runner does), then the Action's post step. No `command`, as
 * on the page: the Action runs the CLI of its own checkout (this repository, built by `npm test`;
 * .ci/action.sh runs it from a fresh clone at a tag, which the Action builds). Stood in for:
 * `port` is 0 (tests listen on free ports).
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { run } from '../package/pack.js'
import { job, readRunnerFile } from '../support/action-runner.js'
import { parseBlock } from '../support/ci-yaml.js'
import { blockOf } from '../support/doc-blocks.js'

type Step = { uses?: string; id?: string; run?: string; with?: Record<string, unknown>; env?: Record<string, string> }

/** The job's test suite: checks both variables name the fake, and which scenario it serves. */
const SUITE = `const url = process.env.API_BASE_URL
if (!url || url !== process.env.AUDIO_TASK_MOCK_URL) throw new Error('API_BASE_URL ' + url + ', AUDIO_TASK_MOCK_URL ' + process.env.AUDIO_TASK_MOCK_URL)
const health = await (await fetch(url + '/__admin/health')).json()
console.log('suite: scenario ' + health.scenario)
`

it('the Action starts the fake its inputs ask for, the next step reads its URL, the post step passes a clean report', async () => {
  const steps = parseBlock(blockOf('docs/ci.md', 'yaml', 'OWNER/audio-task-mock@REF').text) as Step[]
  const [fake, ...later] = steps
  expect(fake!.uses).toBe('OWNER/audio-task-mock@REF')
  const inputs = Object.fromEntries(Object.entries(fake!.with!).map(([name, value]) => [name, String(value)]))
  expect(inputs['port']).toBe('4010')
  const runner = job({ ...inputs, port: '0' }, { command: false })
  const main = await runner.main()
  expect(main.code, main.stdout).toBe(0)
  const outputs = { [fake!.id!]: readRunnerFile(runner.files.GITHUB_OUTPUT) }

  const project = mkdtempSync(join(tmpdir(), 'atm-action-doc-'))
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'action-doc-user', private: true, type: 'module', scripts: { test: 'node suite.mjs' } }))
  writeFileSync(join(project, 'suite.mjs'), SUITE)
  try {
    for (const step of later) {
      const env = Object.fromEntries(
        Object.entries(step.env ?? {}).map(([name, value]) => [
          name,
          value.replace(/\$\{\{ steps\.(\w+)\.outputs\.(\w+) \}\}/g, (_, id: string, output: string) => outputs[id]?.[output] ?? ''),
        ]),
      )
      const result = await run('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step.run!], project, 60_000, {
        ...readRunnerFile(runner.files.GITHUB_ENV),
        ...env,
      })
      expect(result.code, result.output).toBe(0)
      expect(result.stdout).toContain(`suite: scenario ${inputs['scenario']}`)
    }
  } finally {
    const post = await runner.post()
    expect(post.code, post.stdout).toBe(0)
    expect(post.stdout).toContain('the client report lists 0 violation(s)')
  }
})
