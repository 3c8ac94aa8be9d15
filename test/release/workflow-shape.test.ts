/**
 * The release workflow's shape (.github/workflows/release.yml; its lines run in
 * test/release/workflow.test.ts): a workflow GitHub accepts (test/support/ci-yaml.ts), run on
 * version tags, allowed to write the release and an OIDC token (npm's provenance) and nothing
 * else, building before it attaches and attaching before it publishes the same tarball.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { expect, it } from 'vitest'
import { workflowMistakes } from '../support/ci-yaml.js'
import { REPO } from '../support/doc-blocks.js'

type Workflow = {
  on: { push: { tags: string[] } }
  permissions: Record<string, string>
  jobs: { release: { permissions: Record<string, string>; steps: { run?: string; uses?: string }[] } }
}
const workflow = parse(readFileSync(join(REPO, '.github/workflows/release.yml'), 'utf8')) as Workflow
const { release } = workflow.jobs
const lines = release.steps.map((step) => step.run ?? step.uses!)
const at = (start: string): number => lines.findIndex((line) => line.startsWith(start))

it('is a workflow, run on version tags, with only the permissions it needs', () => {
  expect(workflowMistakes(workflow)).toEqual([])
  expect(workflow.on.push.tags).toEqual(['v*'])
  expect(workflow.permissions).toEqual({ contents: 'read' })
  expect(release.permissions).toEqual({ contents: 'write', 'id-token': 'write' })
})

it('installs from the lock file, builds every artifact, checks, attaches, then publishes that tarball with provenance', () => {
  const order = [
    'actions/checkout@',
    'npm ci',
    'npm pkg set repository',
    'sudo env "PATH=$PATH" npm run release',
    'cd release && sha256sum --check',
    'gh release create',
    'npm publish',
  ]
  const found = order.map(at)
  expect(
    found.every((index) => index >= 0),
    JSON.stringify(lines),
  ).toBe(true)
  expect([...found].sort((a, b) => a - b)).toEqual(found)
  expect(lines.at(-1)).toBe('npm publish "./release/audio-task-mock-${GITHUB_REF_NAME#v}.tgz" --provenance --access public')
  expect(lines[at('gh release create')]).toMatch(/ release\/\*$/)
})
