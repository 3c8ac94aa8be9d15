import { expect, inject, it } from 'vitest'

it('reaches the fake the global setup started, by inject() and by the environment', async () => {
  const url = inject('audioTaskMockUrl')
  expect(process.env.AUDIO_TASK_MOCK_URL).toBe(url)
  const health = await fetch(`${url}/__admin/health`)
  expect(health.status).toBe(200)
  console.log(`FAKE_URL=${url}`)
})
