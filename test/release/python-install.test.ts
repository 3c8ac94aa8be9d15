/**
 * docs/install.md's Python way, run as a user runs it with no Node anywhere on PATH: a fresh venv
 * of Debian's Python, the wheel installed from its download URL (the release's files served on
 * 127.0.0.1 stand in for GitHub's), and a user's pytest suite (docs/ci.md's example) passing
 * through the fixture, which runs the executable the wheel put in the venv. Then the page's CI
 * job's lines. Two changes, both because PyPI is not reachable here: the venv sees Debian's
 * pytest (`--system-site-packages`) and pip looks at no index (`--no-index`). Off unless
 * .ci/release.sh set the release's folder.
 */
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { run } from '../package/pack.js'
import { parseBlock } from '../support/ci-yaml.js'
import { blockOf, commandLines } from '../support/doc-blocks.js'
import { asHere, pathWithout, releaseDir, removeScratch, scratch, serve } from '../support/release-checks.js'

const PAGE = 'docs/install.md'
const PYTHON = '/usr/bin/python3' // Debian's
/** The user's test: docs/ci.md's pytest example. */
const USER_TEST = blockOf('docs/ci.md', 'python', 'def test_usage(audio_task_mock)').text

/** Only bash, Debian's python3 (as python3 and python) and pip's helpers: no node. */
function noNodePath(): string {
  const dir = pathWithout(['bash', 'sh', 'env', 'uname'])
  const py = scratch('atm-py-')
  writeFileSync(join(py, 'python3'), `#!/bin/sh\nexec ${PYTHON} "$@"\n`, { mode: 0o755 })
  return `${dir}:${py}`
}

describe.skipIf(releaseDir === '')('Python without a registry (docs/install.md)', () => {
  let base = ''
  let close = async (): Promise<void> => undefined
  beforeAll(async () => ({ base, close } = await serve(releaseDir)))
  afterAll(async () => {
    await close()
    removeScratch()
  }, 300_000)

  const here = (line: string): string =>
    asHere(line, { base }).replace('-m venv ', '-m venv --system-site-packages ').replace('pip install ', 'pip install --no-index ')

  it('the wheel from its URL into a fresh venv; pytest passes through its fixture with no Node on PATH', async () => {
    const dir = scratch('atm-py-user-')
    writeFileSync(join(dir, 'test_user.py'), `${USER_TEST}\n`)
    const env = { PATH: noNodePath(), HOME: dir }
    const lines = commandLines(blockOf(PAGE, 'sh', '.venv/bin/pip install')).map(here)
    for (const line of lines) {
      const result = await run('bash', ['-eo', 'pipefail', '-c', line], dir, 300_000, env)
      expect(result.code, `${line}\n${result.output}`).toBe(0)
      if (line.includes('-m pytest')) expect(result.stdout).toMatch(/1 passed/)
    }
    expect(existsSync(join(dir, '.venv/bin/audio-task-mock'))).toBe(true)
    const which = await run('bash', ['-c', 'command -v node || echo none'], dir, 10_000, env)
    expect(which.stdout.trim()).toBe('none')
  }, 600_000)

  it('the page’s Python CI job, its run: lines in a fresh venv (what setup-python gives)', async () => {
    const dir = scratch('atm-py-ci-')
    writeFileSync(join(dir, 'test_user.py'), `${USER_TEST}\n`)
    const venv = await run(PYTHON, ['-m', 'venv', '--system-site-packages', join(dir, 'runner')], dir, 120_000)
    expect(venv.code, venv.output).toBe(0)
    const env = { PATH: `${join(dir, 'runner/bin')}:${noNodePath()}`, HOME: dir }
    const job = parseBlock(blockOf(PAGE, 'yaml', 'python -m pytest').text) as { jobs: { test: { steps: { run?: string }[] } } }
    const steps = job.jobs.test.steps.flatMap((step) => (step.run === undefined ? [] : [here(step.run)]))
    expect(steps.length).toBe(2)
    for (const line of steps) {
      const result = await run('bash', ['-eo', 'pipefail', '-c', line], dir, 300_000, env)
      expect(result.code, `${line}\n${result.output}`).toBe(0)
    }
  }, 600_000)
})
