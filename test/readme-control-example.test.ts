import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { assertNoViolations, createMock } from 'audio-task-mock'

const fake = createMock({ baseUrl: 'https://audio.example.test' }) // the bundled default scenario; this test makes its own key
const server = setupServer(...fake.handlers)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

const key = `worker-${process.env.VITEST_POOL_ID ?? 1}` // one key per parallel test worker
afterEach(() => fake.accounts.remove(key)) // cleans up this worker's key only

it('forces a failure, sees the refund, and checks the client kept to the spec', async () => {
  fake.accounts.create(key, 20)
  const headers = { 'x-api-key': key, 'content-type': 'application/json' }
  const body = JSON.stringify({ model: 'music-model', task_type: 'lyrics', input: { prompt: 'rain' } })
  const created = await fetch('https://audio.example.test/api/v1/task', { method: 'POST', headers, body }).then((r) => r.json())
  const id = created.data.task_id
  expect(fake.tasks.get(id)).toMatchObject({ status: 'pending', next_transition: { by_time: { status: 'running' } } }) // the default timeline: 15 s pending

  fake.tasks.force(id, 'failure', 'upstream overloaded') // refunds the 5 frozen credits
  fake.clock.advance('5s') // the client waits as the spec asks (no real sleeping)
  const task = await fetch(`https://audio.example.test/api/v1/task/${id}`, { headers }).then((r) => r.json())
  expect(task.data).toMatchObject({ status: 'failure', error: 'upstream overloaded' })
  expect(fake.accounts.get(key)).toMatchObject({ available: 20, frozen: 0, spent: 0, tasks_created: 1 })
  assertNoViolations(fake.report({ apiKey: key })) // throws with the list of what the client did wrong
})
