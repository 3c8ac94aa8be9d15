import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { createMock } from 'audio-task-mock'

const fake = createMock({ baseUrl: 'https://audio.example.test' }) // the bundled default scenario
const server = setupServer(...fake.handlers)
beforeAll(() => server.listen({ onUnhandledFrame: 'error' })) // msw 2 calls it onUnhandledRequest
afterEach(() => fake.reset()) // accounts, tasks and clock back to the scenario's start
afterAll(() => server.close())

it('reads a task to success, each read a tick of the fake’s clock: no sleeping', async () => {
  const headers = { 'x-api-key': 'demo-key', 'content-type': 'application/json' }
  const body = JSON.stringify({ model: 'music-model', task_type: 'lyrics', input: { prompt: 'rain' } })
  const created = await fetch('https://audio.example.test/api/v1/task', { method: 'POST', headers, body }).then((r) => r.json())
  const read = () => fetch(`https://audio.example.test/api/v1/task/${created.data.task_id}`, { headers }).then((r) => r.json())
  const seen = [(await read()).data.status, (await read()).data.status, (await read()).data.status, (await read()).data]
  expect(seen).toMatchObject(['pending', 'running', 'running', { status: 'success', output: { result: [{ title: expect.any(String) }] } }])
})
