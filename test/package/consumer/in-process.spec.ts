// In-process, with the consumer's own msw (the lowest version of the package's peer range).
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { bundledScenario, createMock, type TaskStatus } from 'audio-task-mock'

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

it('runs a bundled scenario by name, and exports its file to read or extend', () => {
  const mock = createMock({ scenario: 'happy-path' })
  expect(mock.scenario.name).toBe('happy-path')
  const file = createRequire(import.meta.url).resolve('audio-task-mock/scenarios/happy-path.yaml')
  expect(readFileSync(file, 'utf8')).toBe(bundledScenario('happy-path'))
})
