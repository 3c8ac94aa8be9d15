/**
 * docs/install.md's npm ways, run as a user runs them in fresh projects: the release's tarball
 * from its download URL (the release's files served on 127.0.0.1 stand in for GitHub's), then a
 * fresh runner's `npm ci` from the committed package.json, lock file and .npmrc and the page's
 * CI job; and the package from git at the version's tag (a bare clone stands in for GitHub). With
 * the machine's npm, and with npm 12 (stricter: URL and git sources off unless allowed) when
 * AUDIO_TASK_MOCK_NPM12_PATH names a PATH that runs it. Off unless .ci/release.sh set the release's
 * folder and clone.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { run } from '../package/pack.js'
import { parseBlock } from '../support/ci-yaml.js'
import { blockOf, commandLines } from '../support/doc-blocks.js'
import { asHere, bareClone, releaseDir, removeScratch, scratch, serve, VERSION } from '../support/release-checks.js'

const PAGE = 'docs/install.md'
const npm12 = process.env['AUDIO_TASK_MOCK_NPM12_PATH'] ?? ''
const npms: [string, Record<string, string>][] = [
  ['the machine’s npm', {}],
  ...(npm12 === '' ? [] : [['npm 12', { PATH: `${npm12}:${process.env['PATH']}` }] as [string, Record<string, string>]]),
]

/** The user's suite: the fake's usage answer, through the URL `run` hands it. */
const SUITE = `const answer = await (await fetch(process.env.AUDIO_TASK_MOCK_URL + '/api/v1/account/usage', { headers: { 'x-api-key': 'demo-key' } })).json()
if (answer.code !== 200) throw new Error(JSON.stringify(answer))
console.log('suite: usage ' + answer.code)
`

function project(): string {
  const dir = scratch('atm-user-')
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'user-project', private: true, type: 'module', scripts: { test: 'node suite.mjs' } }, null, 2)}\n`,
  )
  writeFileSync(join(dir, 'suite.mjs'), SUITE)
  return dir
}

async function runAll(lines: string[], cwd: string, env: Record<string, string>): Promise<string> {
  let last = ''
  for (const line of lines) {
    const result = await run('bash', ['-eo', 'pipefail', '-c', line], cwd, 900_000, env)
    expect(result.code, `${line}\n${result.output}`).toBe(0)
    last = result.stdout
  }
  return last
}

describe.skipIf(releaseDir === '' || bareClone === '')('npm without a registry (docs/install.md)', () => {
  let base = ''
  let close = async (): Promise<void> => undefined
  beforeAll(async () => ({ base, close } = await serve(releaseDir)))
  afterAll(async () => {
    await close()
    removeScratch()
  }, 300_000)

  for (const [npm, env] of npms) {
    it(`from the release’s URL with ${npm}, then npm ci on a fresh runner and the page’s CI job`, async () => {
      const dir = project()
      const lines = commandLines(blockOf(PAGE, 'sh', 'allow-remote=root')).map((line) => asHere(line, { base }))
      expect((await runAll(lines, dir, env)).trim()).toBe(VERSION)
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }
      expect(pkg.devDependencies['audio-task-mock']).toBe(`${base}audio-task-mock-${VERSION}.tgz`) // a URL: never file:

      const runner = scratch('atm-runner-')
      for (const file of ['package.json', 'package-lock.json', '.npmrc', 'suite.mjs']) cpSync(join(dir, file), join(runner, file))
      const job = parseBlock(blockOf(PAGE, 'yaml', 'npx audio-task-mock run -- npm test').text) as { jobs: { test: { steps: { run?: string }[] } } }
      const steps = job.jobs.test.steps.flatMap((step) => (step.run === undefined ? [] : [step.run]))
      expect(steps).toEqual(['npm ci', 'npx audio-task-mock run -- npm test'])
      expect(await runAll(steps, runner, env)).toContain('suite: usage 200')
    }, 900_000)
  }

  it(`from git at ${`v${VERSION}`}: npm clones the tag and builds it there`, async () => {
    const [, env] = npms.at(-1)!
    const dir = project()
    const lines = commandLines(blockOf(PAGE, 'sh', 'allow-git=root')).map((line) => asHere(line, { bare: bareClone }))
    expect((await runAll(lines, dir, env)).trim()).toBe(VERSION)
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }
    expect(pkg.devDependencies['audio-task-mock']).toBe(`git+file://${bareClone}#v${VERSION}`)
    expect(await runAll(['npx audio-task-mock run -- npm test'], dir, env)).toContain('suite: usage 200')
  }, 1_800_000)
})
