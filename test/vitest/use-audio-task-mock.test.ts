/** `audio-task-mock/vitest`: the helpers as a test file uses them. */
import { describe, expect, it } from 'vitest'
import { audioTaskMockGlobalSetup, URL_ENV, useAudioTaskMock } from '../../src/vitest/index.js'
import { portClosed } from '../support/process-checks.js'

const create = (url: string, key = 'demo-key') =>
  fetch(`${url}/api/v1/task`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'music-model', task_type: 'lyrics', input: { prompt: 'a song' } }),
  })
const usage = (url: string, key = 'demo-key') =>
  fetch(`${url}/api/v1/account/usage`, { headers: { 'x-api-key': key } }).then((response) => response.json() as Promise<any>)

describe('useAudioTaskMock() with the default scenario', () => {
  const fake = useAudioTaskMock()
  let firstUrl = ''

  it('serves the bundled default scenario on a free loopback port', async () => {
    firstUrl = fake.url
    expect(fake.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect((await create(fake.url)).status).toBe(202)
    expect((await usage(fake.url)).data.tasks_created).toBe(1)
  })

  it('gives each test a fresh world on the same server', async () => {
    expect(fake.url).toBe(firstUrl)
    expect((await usage(fake.url)).data.tasks_created).toBe(0)
    expect(fake.server.clock.now().toISOString()).toBe('2026-01-01T00:00:00.000Z') // the scenario's start: requests do not move the clock (decision 038)
  })
})

describe('useAudioTaskMock() with options', () => {
  const fake = useAudioTaskMock({ scenario: 'version: 1\naccounts: [{ api_key: mine, credits: 7 }]\n', resetAfterEach: false })

  it('takes scenario text', async () => {
    expect((await usage(fake.url, 'mine')).data).toEqual({ tasks_created: 0, credits_used: 0, credits_topped_up: 7 })
    expect((await create(fake.url, 'mine')).status).toBe(202)
  })

  it('keeps the world between tests with resetAfterEach: false', async () => {
    expect((await usage(fake.url, 'mine')).data.tasks_created).toBe(1)
  })
})

describe('useAudioTaskMock() outside a test', () => {
  const fake = useAudioTaskMock({ scenario: 'happy-path' })
  const early = (() => {
    try {
      return fake.url
    } catch (error) {
      return (error as Error).message
    }
  })()

  it('says when the fake is read before it started', () => {
    expect(early).toBe('useAudioTaskMock(): the fake starts in beforeAll; use it inside a test or a hook')
    expect(fake.server.mock.scenario.name).toBe('happy-path')
  })
})

describe('audioTaskMockGlobalSetup()', () => {
  it('starts one fake, provides its URL and puts it in the environment, and stops it on teardown', async () => {
    const provided: Record<string, string> = {}
    const before = process.env[URL_ENV]
    const teardown = await audioTaskMockGlobalSetup({ scenario: 'happy-path' })({ provide: (key, value) => void (provided[key] = value) })
    const url = provided['audioTaskMockUrl']!
    expect(process.env[URL_ENV]).toBe(url)
    expect((await fetch(`${url}/__admin/health`)).status).toBe(200)
    await teardown()
    expect(process.env[URL_ENV]).toBe(before)
    expect(await portClosed(url, 2_000)).toBe(true)
  })

  it('reports a scenario file mistake with FILE:LINE:COL before any test runs', async () => {
    await expect(audioTaskMockGlobalSetup({ scenario: 'test/scenario/broken/unknown-key.yaml' })({ provide: () => undefined })).rejects.toThrow(
      /test\/scenario\/broken\/unknown-key\.yaml:\d+:\d+: /,
    )
  })
})
