// Jest 30 in a consumer project (issue 26): the recipe docs/getting-started.md gives passes in the
// cell's Node and msw: ESM test files under `NODE_OPTIONS=--experimental-vm-modules`, in-process
// with msw and over HTTP, and a front-end test in jsdom through `jest-fixed-jsdom`.
// The project's files are test/package/consumer/jest/ (and its msw-2/ or msw-3/).
import { beforeAll, expect, inject, it } from 'vitest'
import { prepareConsumer, type ConsumerProject } from './consumer-project.js'

const JEST = { jest: '^30.0.0', 'jest-environment-jsdom': '^30.0.0', 'jest-fixed-jsdom': '^0.0.11' }

let consumer: ConsumerProject
beforeAll(async () => {
  consumer = await prepareConsumer({ packed: inject('packed'), fixture: 'jest', devDependencies: JEST, tools: false })
}, 600_000)

it('installs Jest 30', async () => {
  const result = await consumer.run('npx', ['--no-install', 'jest', '--version'])
  expect(result.stdout.trim(), result.output).toMatch(/^30\./)
})

it('passes its ESM suites (node and jest-fixed-jsdom environments): npm test, with --experimental-vm-modules', async () => {
  const result = await consumer.run('npm', ['test', '--', '--ci'], { timeoutMs: 180_000 })
  expect(result.code, result.output).toBe(0)
  expect(result.output).toMatch(/Test Suites: 3 passed, 3 total\nTests: +3 passed, 3 total/)
}, 180_000)

it('fails without --experimental-vm-modules, which is why the recipe names it', async () => {
  const result = await consumer.run('npx', ['--no-install', 'jest', '--ci', 'over-http'], { timeoutMs: 120_000 })
  expect(result.code).not.toBe(0)
  expect(result.output).toMatch(/Cannot use import statement outside a module|Must use import to load ES Module|experimental-vm-modules/)
}, 120_000)
