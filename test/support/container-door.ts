/**
 * The container image's door (issue 36): a container of the image, started by .ci/container.sh
 * with its port published on 127.0.0.1 and an admin token (it listens on 0.0.0.0, where the admin
 * API wants one), reached over HTTP. Off unless AUDIO_TASK_MOCK_CONTAINER_URL names that
 * published origin, so `npm test` is unchanged; AUDIO_TASK_MOCK_CONTAINER_TOKEN is its token.
 * One container per run; each test loads its scenario there (remote-fake.ts).
 */
import type { Door } from './doors.js'
import { startRemote } from './remote-fake.js'

export const CONTAINER_URL_ENV = 'AUDIO_TASK_MOCK_CONTAINER_URL'
export const CONTAINER_TOKEN_ENV = 'AUDIO_TASK_MOCK_CONTAINER_TOKEN'

/** The container's door when AUDIO_TASK_MOCK_CONTAINER_URL is set, else none: spread it into a suite's door list. */
export function containerDoors(env: NodeJS.ProcessEnv = process.env): Door[] {
  const url = env[CONTAINER_URL_ENV]
  if (url === undefined || url === '') return []
  const token = env[CONTAINER_TOKEN_ENV] || undefined
  return [
    {
      name: `container image (${url})`,
      setup: async () => undefined,
      teardown: async () => undefined,
      start: (scenario) => startRemote({ url, token, door: 'container door', where: 'the fake runs in the container' }, scenario),
      stop: async () => undefined,
    },
  ]
}
