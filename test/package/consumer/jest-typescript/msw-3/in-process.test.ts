// Jest 30, TypeScript through @swc/jest, ESM, in-process with msw 3 (its option is `onUnhandledFrame`).
import { afterAll, afterEach, beforeAll, expect, test } from '@jest/globals'
import { setupServer } from 'msw/node'
import { createMock, type TaskStatus } from 'audio-task-mock'

const BASE = 'https://audio.example.test'
const fake = createMock({ baseUrl: BASE })
const server = setupServer(...fake.handlers)
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterEach(() => fake.reset())
afterAll(() => server.close())

const headers = { 'x-api-key': 'demo-key', 'content-type': 'application/json' }

test('creates a task and reads it to success on the fake clock', async () => {
  const body = JSON.stringify({ model: 'music-model', task_type: 'lyrics', input: { prompt: 'rain' } })
  const created = await fetch(`${BASE}/api/v1/task`, { method: 'POST', headers, body })
  expect(created.status).toBe(202)
  const { task_id } = ((await created.json()) as { data: { task_id: string } }).data
  fake.clock.advance('60s')
  const task = (await fetch(`${BASE}/api/v1/task/${task_id}`, { headers }).then((r) => r.json())) as { data: { status: TaskStatus } }
  expect(task.data.status).toBe('success')
})
