// A world of this file's own in the run's fake: files that run in parallel never see each other's tasks.
import { expect, it } from 'vitest'
import { useAudioTaskMockWorld } from 'audio-task-mock/vitest'

const world = useAudioTaskMockWorld() // made before the file's tests, reset after each, removed after the file
const headers = { 'x-api-key': 'happy-key', 'content-type': 'application/json' }

it('creates a task in its own world', async () => {
  const body = JSON.stringify({ model: 'music-model', task_type: 'lyrics', input: { prompt: 'the sea' } })
  const created = await fetch(`${world.url}/api/v1/task`, { method: 'POST', headers, body })
  expect(created.status).toBe(202)
  const usage = await fetch(`${world.url}/api/v1/account/usage`, { headers }).then((r) => r.json())
  expect(usage.data.tasks_created).toBe(1)
})

it('starts the next test from the scenario again', async () => {
  const usage = await fetch(`${world.url}/api/v1/account/usage`, { headers }).then((r) => r.json())
  expect(usage.data.tasks_created).toBe(0)
})
