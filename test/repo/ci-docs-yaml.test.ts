/**
 * docs/ci.md's GitHub Actions and GitLab CI examples have the shape their runners accept
 * (test/support/ci-yaml.ts), and what they hand the fake is what it takes: the Action's inputs and
 * outputs are action.yml's, a service container's variables are the fake's own and parse as its
 * flags would, its ports and URLs meet where the image listens. Their commands run in
 * test/package/ci-docs.test.ts.
 */
import { readFileSync } from 'node:fs'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import { ENV_FLAGS, envNameOf } from '../../src/cli/serve-env.js'
import { parseServeArgs } from '../../src/cli/serve-options.js'
import { gitlabMistakes, parseBlock, stepMistakes, workflowMistakes } from '../support/ci-yaml.js'
import { blockOf, blocksOf, REPO } from '../support/doc-blocks.js'
import { imageSettings } from '../support/dockerfile.js'

type Node = Record<string, any>

const PAGE = 'docs/ci.md'
const action = parse(readFileSync(`${REPO}action.yml`, 'utf8')) as Node
const { exposed, env: imageEnv } = imageSettings()
const KNOWN = new Set(ENV_FLAGS.map(envNameOf))

/** The fake's variables of a service are all its own, and start it as its flags would (not an error). */
function expectServes(variables: Record<string, string>, expected: { scenario: string; adminToken: string }): void {
  const own = Object.keys(variables).filter((name) => name.startsWith('AUDIO_TASK_MOCK_'))
  expect(own.filter((name) => !KNOWN.has(name))).toEqual([])
  const parsed = parseServeArgs([], { defaultPort: 4010, env: { ...imageEnv, ...variables } })
  expect(parsed.kind, JSON.stringify(parsed)).toBe('serve')
  if (parsed.kind !== 'serve') return
  expect(parsed.options.scenarioFile).toMatch(new RegExp(`/scenarios/${expected.scenario}\\.yaml$`))
  expect(parsed.options.adminToken).toBe(expected.adminToken)
}

describe('GitHub Actions', () => {
  it('the run recipe’s workflow is a workflow, with the recipe’s step', () => {
    const workflow = parseBlock(blockOf(PAGE, 'yaml', 'actions/setup-node').text) as Node
    expect(workflowMistakes(workflow)).toEqual([])
    expect(workflow['jobs'].test.steps.map((step: Node) => step['run'] ?? step['uses'])).toContain(
      'npx audio-task-mock run --scenario flaky-create -- npm test',
    )
  })

  it('the Action’s steps give only action.yml’s inputs and read its output', () => {
    const steps = parseBlock(blockOf(PAGE, 'yaml', 'OWNER/audio-task-mock@REF').text) as Node[]
    expect(stepMistakes(steps)).toEqual([])
    const fake = steps.find((step) => step['uses'] === 'OWNER/audio-task-mock@REF')!
    expect(Object.keys(fake['with']).filter((input) => !(input in action['inputs']))).toEqual([])
    const read = [...JSON.stringify(steps).matchAll(/\$\{\{ steps\.(\w+)\.outputs\.(\w+) \}\}/g)]
    expect(read.length).toBeGreaterThan(0)
    for (const [, id, output] of read) {
      expect(id).toBe(fake['id'])
      expect(Object.keys(action['outputs'])).toContain(output)
    }
  })

  it('the service container’s workflow is a workflow whose fake serves where its step looks', () => {
    const workflow = parseBlock(blockOf(PAGE, 'yaml', 'services:\n      audio-task-mock:').text) as Node
    expect(workflowMistakes(workflow)).toEqual([])
    const job = workflow['jobs'].test
    const service = job.services['audio-task-mock']
    expectServes(service.env, { scenario: 'flaky-create', adminToken: 'ci-token' })
    const [hostPort, containerPort] = (service.ports as string[])[0]!.split(':')
    expect(containerPort).toBe(exposed)
    const urls = job.steps.flatMap((step: Node) => (step['env']?.AUDIO_TASK_MOCK_URL ? [step['env'].AUDIO_TASK_MOCK_URL] : []))
    expect(urls).toEqual([`http://127.0.0.1:${hostPort}`])
  })
})

describe('GitLab CI', () => {
  it('both run recipes are jobs whose script runs the fake around the suite', () => {
    const jobs = blocksOf(PAGE, 'yaml', 'run --scenario flaky-create --', 3)
      .map((block) => parseBlock(block.text) as Node)
      .filter((file) => !('jobs' in file))
    expect(jobs.map((file) => file['test'].image)).toEqual(['node:24', 'python:3.12'])
    for (const file of jobs) {
      expect(gitlabMistakes(file)).toEqual([])
      expect(file['test'].script.at(-1)).toMatch(/audio-task-mock run --scenario flaky-create -- /)
    }
  })

  it('the service container serves where the job’s URL points: its alias and the image’s port', () => {
    const file = parseBlock(blockOf(PAGE, 'yaml', 'alias: audio-task-mock').text) as Node
    expect(gitlabMistakes(file)).toEqual([])
    const [service] = file['test'].services as Node[]
    expectServes(service!['variables'], { scenario: 'flaky-create', adminToken: 'ci-token' })
    const url = new URL(file['test'].variables.AUDIO_TASK_MOCK_URL as string)
    expect([url.hostname, url.port]).toEqual([service!['alias'], exposed])
  })
})

it('every yaml block of the page is checked above', () => {
  const checked = [
    'actions/setup-node',
    'OWNER/audio-task-mock@REF',
    'services:\n      audio-task-mock:',
    'alias: audio-task-mock',
    'image: node:24',
    'image: python:3.12\n  script',
  ]
  const blocks = blocksOf(PAGE, 'yaml', '', 6)
  expect(blocks.filter((block) => !checked.some((text) => block.text.includes(text))).map((block) => block.line)).toEqual([])
})
