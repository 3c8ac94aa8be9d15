import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { createMock } from 'audio-task-mock'

const fake = createMock({
  scenario: `
version: 1
accounts: [{ api_key: test-key, credits: 100 }]
timelines:
  default: [{ status: pending, for: 30s }, { status: success }]
`,
  baseUrl: 'https://audio.example.test', // where your client thinks the service is
})
const server = setupServer(...fake.handlers)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => fake.reset()) // accounts, tasks and clock back to the scenario's start
afterAll(() => server.close())

it('gets a clip once the task is done', async () => {
  const headers = { 'x-api-key': 'test-key', 'content-type': 'application/json' }
  const created = await fetch('https://audio.example.test/api/v1/task', {
    method: 'POST',
    headers,
    body: JSON.stringify({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: 'jazz' } }),
  }).then((r) => r.json())
  fake.clock.advance('30s') // no sleeping: the clock is manual
  const task = await fetch(`https://audio.example.test/api/v1/task/${created.data.task_id}`, { headers }).then((r) => r.json())
  expect(task.data.status).toBe('success')
  expect(task.data.output.result).toHaveLength(2)
})
