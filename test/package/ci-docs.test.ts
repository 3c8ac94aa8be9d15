/**
 * docs/ci.md's recipes run as written in a job's checkout (ci-project.ts) with the packed package:
 * the plain `run` lines, then each `run:` step of the GitHub Actions workflow and each `script:`
 * of the GitLab jobs, in order, and the service-container jobs against the fake started as its
 * image starts it. What only a runner has is stood in for, and nothing else is changed:
 * - `actions/checkout` and `actions/setup-node`: the project is there, Node is the cell's;
 * - GitHub's release download URL: the packed tarball served on 127.0.0.1 (test/support/release-checks.ts);
 * - a service's port mapping: the fake listens on a free port, and the job's URL says that port
 *   (and 127.0.0.1 for GitLab's service alias `audio-task-mock`);
 * - the standalone executable the GitLab python job keeps as an artifact (`./audio-task-mock`):
 *   a script that runs the installed package's CLI (test/cli/exe.test.ts runs the executable);
 * - `python`: Debian's python3 with its pytest.
 * The tests share the checkout in the page's order: the recipe's install writes the lock file the
 * jobs' `npm ci` installs from.
 */
import { chmodSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { parseBlock } from '../support/ci-yaml.js'
import { blockOf, commandLines } from '../support/doc-blocks.js'
import { asHere, DOWNLOADS, serve } from '../support/release-checks.js'
import { ciProject, type CiProject } from './ci-project.js'

type Node = Record<string, any>
const PAGE = 'docs/ci.md'
const yamlOf = (having: string): Node => parseBlock(blockOf(PAGE, 'yaml', having).text) as Node

let project: CiProject
let base = ''
let close = async (): Promise<void> => undefined
beforeAll(async () => {
  project = ciProject(inject('packed'))
  ;({ base, close } = await serve(dirname(inject('packed').tarball)))
})
afterAll(() => close())

const expectOk = (result: { code: number | null; output: string }): void => expect(result.code, result.output).toBe(0)

describe('docs/ci.md, run as a job runs it', () => {
  it('the plain run recipe: installs the tarball from its URL, runs the suite under the fake, a bundled scenario by name', async () => {
    const [allow, install, plain, named] = commandLines(blockOf(PAGE, 'sh', 'npx audio-task-mock run -- npm test'))
    expect(install).toContain(`${DOWNLOADS}${project.tarball} `) // the file `npm pack` writes, attached to a release
    expectOk(await project.githubRun(allow!))
    expectOk(await project.githubRun(asHere(install!, { base })))
    const first = await project.githubRun(plain!)
    expectOk(first)
    expect(first.stdout).toContain('suite: usage 200, scenario default')
    const second = await project.githubRun(named!)
    expectOk(second)
    expect(second.stdout).toContain('suite: usage 200, scenario flaky-create')
  }, 300_000)

  it('the GitHub Actions workflow: its steps in order', async () => {
    const steps = yamlOf('actions/setup-node')['jobs'].test.steps as Node[]
    let last = ''
    for (const step of steps) {
      if (step['uses'] !== undefined) {
        expect(['actions/checkout@v4', 'actions/setup-node@v4']).toContain(step['uses'])
        continue
      }
      const result = await project.githubRun(step['run'], step['env'])
      expectOk(result)
      last = result.stdout
    }
    expect(last).toContain('suite: usage 200, scenario flaky-create')
  }, 300_000)

  it('the GitLab job on node:24: its script', async () => {
    const job = yamlOf('image: node:24')['test']
    const result = await project.gitlabScript(job.script)
    expectOk(result)
    expect(result.stdout).toContain('suite: usage 200, scenario flaky-create')
  }, 300_000)

  it('the GitLab job on python:3.12: its script, with the executable’s artifact in the checkout', async () => {
    const job = yamlOf('image: python:3.12\n  script')['test']
    const artifact = join(project.dir, 'audio-task-mock')
    writeFileSync(artifact, '#!/bin/sh\nexec node "$(dirname "$0")/node_modules/audio-task-mock/dist/bin/audio-task-mock.js" "$@"\n')
    chmodSync(artifact, 0o755)
    const result = await project.gitlabScript(job.script)
    expectOk(result)
    expect(result.stdout).toMatch(/1 passed/)
  }, 120_000)
})

describe('docs/ci.md, service containers', () => {
  it('GitHub Actions: the job’s steps reach the service, which serves the scenario its env names', async () => {
    const job = yamlOf('services:\n      audio-task-mock:')['jobs'].test
    const fake = project.service(job.services['audio-task-mock'].env)
    try {
      const url = `http://127.0.0.1:${new URL(await fake.ready).port}`
      const health = await fetch(`${url}/__admin/health`, { headers: { authorization: 'Bearer ci-token' } })
      expect(((await health.json()) as { scenario: string }).scenario).toBe('flaky-create')
      for (const step of job.steps as Node[]) {
        if (step['uses'] !== undefined) continue // actions/checkout: the project is there
        const env = { ...step['env'], AUDIO_TASK_MOCK_URL: step['env'].AUDIO_TASK_MOCK_URL.replace('http://127.0.0.1:4010', url) }
        const result = await project.githubRun(step['run'], env)
        expectOk(result)
        expect(result.stdout).toContain('suite: usage 200')
      }
    } finally {
      fake.signal('SIGTERM')
    }
    expect(await fake.exited).toBe(0)
  }, 300_000)

  it('GitLab CI: the job’s script reaches the service by its alias', async () => {
    const job = yamlOf('alias: audio-task-mock')['test']
    const fake = project.service(job.services[0].variables)
    try {
      const url = `http://127.0.0.1:${new URL(await fake.ready).port}`
      const variables = { ...job.variables, AUDIO_TASK_MOCK_URL: job.variables.AUDIO_TASK_MOCK_URL.replace('http://audio-task-mock:4010', url) }
      expect(variables.AUDIO_TASK_MOCK_URL).toBe(url)
      const result = await project.gitlabScript(job.script, variables)
      expectOk(result)
      expect(result.stdout).toMatch(/1 passed/)
    } finally {
      fake.signal('SIGTERM')
    }
    expect(await fake.exited).toBe(0)
  }, 120_000)
})
