// audio-task-mock/vitest: the fake on a free port for this file, its world reset after each test.
import { expect, it } from 'vitest'
import { useAudioTaskMock } from 'audio-task-mock/vitest'

const fake = useAudioTaskMock({ scenario: 'insufficient-credits' })

it('serves the named bundled scenario over HTTP', async () => {
  const reply = await fetch(`${fake.url}/api/v1/account/usage`, { headers: { 'x-api-key': 'demo-key' } })
  expect(reply.status).toBe(401) // insufficient-credits has its own keys, not the default's
  expect(fake.server.accounts.list().length).toBeGreaterThan(0)
})
