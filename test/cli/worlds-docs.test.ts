/**
 * docs/worlds.md's table of per-worker base URLs works as written: each runner's expression, given
 * its worker id and AUDIO_TASK_MOCK_URL, names a world the fake then serves (the Python one run with
 * python3, the JavaScript ones evaluated as template literals).
 */
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startServer, type RunningServer } from '../../src/server/start-server.js'
import { toolPath } from '../support/system-tools.js'

const page = readFileSync(new URL('../../docs/worlds.md', import.meta.url), 'utf8')
const row = (runner: string): string => {
  const line = page.split('\n').find((text) => text.startsWith(`| ${runner} |`))
  if (line === undefined) throw new Error(`docs/worlds.md has no row for ${runner}`)
  return line.split('|').at(-2)!.trim()
}

let running: RunningServer
beforeAll(async () => {
  running = await startServer({ scenario: 'version: 1\naccounts: [{ api_key: k, credits: 5 }]\n' })
})
afterAll(() => running.close())

async function served(url: string): Promise<void> {
  const answer = await fetch(`${url}/api/v1/account/usage`, { headers: { 'x-api-key': 'k' } })
  expect(answer.status).toBe(200)
}

it.each([
  ['vitest', { VITEST_POOL_ID: '2' }, 'vitest-2'],
  ['Jest', { JEST_WORKER_ID: '3' }, 'jest-3'],
])('%s: the expression names its worker’s world', async (runner, ids, world) => {
  const cell = row(runner)
  const literal = /^`` (`.*`) ``$/.exec(cell)?.[1]
  expect(literal, `the ${runner} cell is a template literal`).toBeDefined()
  const env = { AUDIO_TASK_MOCK_URL: running.url, ...ids }
  const url = new Function('process', `return ${literal}`)({ env }) as string
  expect(url).toBe(`${running.url}/worlds/${world}`)
  await served(url)
})

it('pytest-xdist: the expression names its worker’s world (python3)', { tags: ['python3'] }, async () => {
  const cell = row('pytest-xdist')
  const expression = /^`(f".*")`$/.exec(cell)?.[1]
  expect(expression, 'the pytest-xdist cell is an f-string').toBeDefined()
  const { stdout } = await promisify(execFile)(toolPath('python3'), ['-c', `import os\nprint(${expression})`], {
    env: { ...process.env, AUDIO_TASK_MOCK_URL: running.url, PYTEST_XDIST_WORKER: 'gw1' },
  })
  expect(stdout.trim()).toBe(`${running.url}/worlds/gw1`)
  await served(stdout.trim())
})
