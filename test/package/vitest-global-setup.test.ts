// audio-task-mock/vitest's global setup in a consumer project (issue 37): one fake for the whole
// run, read with inject() and AUDIO_TASK_MOCK_URL, and a world per test file (useAudioTaskMockWorld),
// compiled under strict TypeScript and run with the cell's vitest, as docs/test-setups.md shows.
// The project's files are test/package/consumer/vitest-global/.
import { beforeAll, expect, inject, it } from 'vitest'
import { prepareConsumer, type ConsumerProject } from './consumer-project.js'

let consumer: ConsumerProject
beforeAll(async () => {
  consumer = await prepareConsumer({ packed: inject('packed'), fixture: 'vitest-global' })
}, 600_000)

it('runs both files against the one fake the global setup started', async () => {
  const result = await consumer.run('npm', ['test'], { timeoutMs: 180_000 })
  expect(result.code, result.output).toBe(0)
  expect(result.output.replace(/\x1b\[[0-9;]*m/g, '')).toMatch(/Test Files\s+2 passed \(2\)\n\s+Tests\s+3 passed \(3\)/)
}, 180_000)

it('compiles under strict TypeScript: inject("audioTaskMockUrl") is typed by the package', async () => {
  const result = await consumer.run('npx', ['--no-install', 'tsc', '-p', 'tsconfig.json'], { timeoutMs: 180_000 })
  expect(result.code, result.output).toBe(0)
}, 180_000)
