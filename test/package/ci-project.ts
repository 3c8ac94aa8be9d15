/**
 * A CI job's checkout for docs/ci.md's recipes: a fresh project with the packed tarball beside
 * it (as `npm pack` leaves it), an `npm test` suite and a pytest test that read the fake's URL from
 * AUDIO_TASK_MOCK_URL as the page says, and what a runner supplies: its shells (`bash -eo
 * pipefail` for a GitHub `run:`, one `bash -e` session for a GitLab `script:`), `python` (the
 * python image's; Debian's python3 here), and service containers (the fake started as the
 * Dockerfile's entry point, from the project's node_modules, where the image has it too).
 */
import { chmodSync, copyFileSync, mkdtempSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { startLine, type RunningLine } from '../support/doc-shell.js'
import { imageSettings } from '../support/dockerfile.js'
import { run, type Packed, type RunResult } from './pack.js'

/** The user's suite: says which fake it reached and how its account answered; fails without a URL. */
const SUITE = `const url = process.env.AUDIO_TASK_MOCK_URL
if (!url) throw new Error('AUDIO_TASK_MOCK_URL is not set')
const usage = await fetch(url + '/api/v1/account/usage', { headers: { 'x-api-key': 'demo-key' } })
const health = await fetch(url + '/__admin/health')
const scenario = health.ok ? (await health.json()).scenario : 'admin ' + health.status
console.log('suite: usage ' + usage.status + ', scenario ' + scenario)
process.exit(usage.status === 200 ? 0 : 1)
`

const PYTEST = `import json, os, urllib.request

def test_usage():
    request = urllib.request.Request(os.environ["AUDIO_TASK_MOCK_URL"] + "/api/v1/account/usage", headers={"x-api-key": "demo-key"})
    with urllib.request.urlopen(request) as response:
        assert json.load(response)["code"] == 200
`

/** npm answers from its cache when it can (as the consumer projects' --prefer-offline), quietly. */
const NPM = { npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false' }

export interface CiProject {
  dir: string
  /** The file name of the tarball beside the project, e.g. audio-task-mock-0.1.0.tgz. */
  tarball: string
  /** A GitHub Actions `run:` step in the project, with the step's `env:`. */
  githubRun(script: string, env?: Record<string, string>): Promise<RunResult>
  /** A GitLab job's `script:` lines, one shell session, with the job's `variables:`. */
  gitlabScript(lines: string[], env?: Record<string, string>): Promise<RunResult>
  /** Starts the fake as its image runs, with a service's variables (the port a free one). */
  service(variables: Record<string, string>): RunningLine
}

export function ciProject(packed: Packed): CiProject {
  const dir = mkdtempSync(join(packed.base, 'ci-docs-'))
  const tarball = basename(packed.tarball)
  copyFileSync(packed.tarball, join(dir, tarball))
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'ci-docs-user', private: true, type: 'module', scripts: { test: 'node suite.mjs' } }, null, 2)}\n`,
  )
  writeFileSync(join(dir, 'suite.mjs'), SUITE)
  writeFileSync(join(dir, 'test_usage.py'), PYTEST)
  const bin = mkdtempSync(join(packed.base, 'ci-docs-bin-'))
  writeFileSync(join(bin, 'python'), '#!/bin/sh\nexec /usr/bin/python3 "$@"\n')
  chmodSync(join(bin, 'python'), 0o755)
  const env = (more: Record<string, string>) => ({ ...NPM, PATH: `${bin}:${process.env['PATH']}`, ...more })
  const image = imageSettings()
  const entrypoint = image.entrypoint.map((word) => JSON.stringify(word.replace(image.home, dir))).join(' ')
  return {
    dir,
    tarball,
    githubRun: (script, more = {}) => run('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], dir, 300_000, env(more)),
    gitlabScript: (lines, more = {}) => run('bash', ['-e', '-c', lines.join('\n')], dir, 300_000, env(more)),
    service: (variables) => startLine(`exec ${entrypoint}`, dir, { ...image.env, ...variables, AUDIO_TASK_MOCK_PORT: '0' }),
  }
}
