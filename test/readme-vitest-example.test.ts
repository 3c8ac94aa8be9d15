import { expect, it } from 'vitest'
import { useAudioTaskMock } from 'audio-task-mock/vitest'

// beforeAll: start on a free port; afterEach: reset the world (accounts, tasks, clock); afterAll: stop.
const fake = useAudioTaskMock({ scenario: 'happy-path' }) // a file, a bundled name or YAML text; default: scenarios/default.yaml

it('creates a lyrics task', async () => {
  const response = await fetch(`${fake.url}/api/v1/task`, {
    method: 'POST',
    headers: { 'x-api-key': 'happy-key', 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'music-model', task_type: 'lyrics', input: { prompt: 'the sea' } }),
  })
  expect(response.status).toBe(202)
  const { data } = await response.json()
  // The whole control plane is there: fake.server.clock, .accounts, .tasks, .journal(), .report()
  expect(fake.server.tasks.get(data.task_id)).toMatchObject({ type: 'lyrics', status: 'pending' })
})
