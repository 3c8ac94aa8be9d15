/**
 * `useAudioTaskMock()` in a file whose tests fake timers (`vi.useFakeTimers()`, left on for the
 * file's hooks too): the server answers, delays for real, streams a media file whole, resets after
 * each test and stops after the last, without the test advancing any timer.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { useAudioTaskMock } from '../../src/vitest/index.js'

const fake = useAudioTaskMock({
  scenario: `
version: 1
accounts: [{ api_key: k, credits: 100 }]
timelines:
  default: [{ status: pending, for: 30s }, { status: success }]
faults:
  - { match: { endpoint: get_task }, delay: 20ms }
`,
})
// Faked from before the first test to after the helper's afterAll (hooks run in reverse: this afterAll first).
beforeAll(() => void vi.useFakeTimers({ now: new Date('2031-05-06T07:08:09Z') }))
afterAll(() => void vi.useRealTimers())

const headers = { 'x-api-key': 'k', 'content-type': 'application/json' }

it.each([1, 2])(
  'serves a task and its audio under fake timers (test %i: the reset ran)',
  async () => {
    const body = JSON.stringify({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: 'sea' } })
    const created = (await (await fetch(`${fake.url}/api/v1/task`, { method: 'POST', headers, body })).json()) as { data: { task_id: string } }
    expect((await (await fetch(`${fake.url}/api/v1/account/usage`, { headers })).json()).data.tasks_created).toBe(1)
    vi.advanceTimersByTime(3_600_000) // the test's time; the fake's manual clock stays
    expect(fake.server.clock.now().toISOString()).toBe('2026-01-01T00:00:00.000Z')
    fake.server.clock.advance('30s')
    const task = (await (await fetch(`${fake.url}/api/v1/task/${created.data.task_id}`, { headers })).json()) as {
      data: { status: string; output: { result: Array<{ audio_url: string }> } }
    }
    expect(task.data.status).toBe('success')
    const audio = await fetch(task.data.output.result[0]!.audio_url)
    expect((await audio.arrayBuffer()).byteLength).toBeGreaterThan(10_000)
  },
  10_000,
)
