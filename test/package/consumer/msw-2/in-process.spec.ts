// In-process, with the consumer's own msw 2: the fake's handlers in setupServer, and any request
// they do not answer refused (msw 2 calls the option `onUnhandledRequest`).
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { createMock, type TaskStatus } from 'audio-task-mock'

const BASE = 'https://audio.example.test'
const fake = createMock({ baseUrl: BASE }) // no scenario: the bundled default, as the CLI serves
const server = setupServer(...fake.handlers)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => fake.reset())
afterAll(() => server.close())

const headers = { 'x-api-key': 'demo-key', 'content-type': 'application/json' }

it('serves the default scenario: demo-key creates a task and reads it to success', async () => {
  const body = JSON.stringify({ model: 'music-model', task_type: 'lyrics', input: { prompt: 'rain on the window' } })
  const created = await fetch(`${BASE}/api/v1/task`, { method: 'POST', headers, body })
  expect(created.status).toBe(202)
  const { data } = (await created.json()) as { data: { task_id: string } }
  let status: TaskStatus = 'pending'
  for (let read = 0; read < 10 && status !== 'success'; read++) {
    fake.clock.advance('5s')
    const task = (await fetch(`${BASE}/api/v1/task/${data.task_id}`, { headers }).then((r) => r.json())) as { data: { status: TaskStatus } }
    status = task.data.status
  }
  expect(status).toBe('success')
})

it('refuses a request no handler answers: it never reaches the real server', async () => {
  let reached = 0
  const real: Server = createServer((_request, response) => (reached++, response.end('real')))
  await new Promise<void>((resolve) => real.listen(0, '127.0.0.1', resolve))
  try {
    const { port } = real.address() as AddressInfo
    await expect(fetch(`http://127.0.0.1:${port}/stray`)).rejects.toThrow()
    expect(reached).toBe(0)
  } finally {
    await new Promise((resolve) => real.close(resolve))
  }
})
