// The run's fake, shared: its URL by inject() (or AUDIO_TASK_MOCK_URL, for code that reads the environment).
import { expect, inject, it } from 'vitest'

it('reads the usage of the global fake', async () => {
  const url = inject('audioTaskMockUrl')
  expect(process.env.AUDIO_TASK_MOCK_URL).toBe(url)
  const usage = await fetch(`${url}/api/v1/account/usage`, { headers: { 'x-api-key': 'happy-key' } })
  expect(usage.status).toBe(200)
})
