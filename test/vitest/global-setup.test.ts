/** `audioTaskMockGlobalSetup` in a real vitest run of a small project, through the package's own export. */
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'
import { portClosed } from '../support/process-checks.js'

const PROJECT = fileURLToPath(new URL('./global-setup-project/', import.meta.url))
// The package's bin (not an export): next to its package.json.
const VITEST = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs')

it('starts the fake for the run, serves the tests, and stops it afterwards', async () => {
  const child = spawn(process.execPath, [VITEST, 'run', '--config', `${PROJECT}vitest.config.ts`], {
    cwd: PROJECT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, AUDIO_TASK_MOCK_URL: '' },
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const code = await new Promise((resolve) => child.once('exit', resolve))
  expect(code, output).toBe(0)
  const url = /FAKE_URL=(http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1]
  expect(url, output).toBeDefined()
  expect(await portClosed(url!, 2_000)).toBe(true)
}, 60_000)
