// A user's test file that fakes timers (vi.useFakeTimers(): setTimeout, setImmediate, Date,
// performance and, on Node 26 under vitest 5, Temporal.Now): the fake neither freezes nor follows
// the test's time. It answers in-process and over HTTP, streams audio whole, and its own clock
// moves only when told.
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { createMock } from 'audio-task-mock'
import { useAudioTaskMock } from 'audio-task-mock/vitest'

const http = useAudioTaskMock() // started before the timers are faked, stopped while they still are
const inProcess = createMock({ baseUrl: 'https://audio.example.test' })
beforeAll(() => void vi.useFakeTimers({ now: new Date('2031-05-06T07:08:09Z') }))
afterAll(() => void vi.useRealTimers())

type Now = { Now: { instant(): { epochMilliseconds: number } } }

it('fakes the test’s time: Date, and Temporal.Now where Node has it (Node 26)', () => {
  expect(new Date().toISOString()).toBe('2031-05-06T07:08:09.000Z')
  const temporal = (globalThis as { Temporal?: Now }).Temporal
  if (Number(process.versions.node.split('.')[0]) >= 26) expect(temporal).toBeDefined()
  if (temporal !== undefined) expect(temporal.Now.instant().epochMilliseconds).toBe(Date.parse('2031-05-06T07:08:09Z'))
})

it.each([
  ['in-process (fake.fetch)', 'https://audio.example.test', (url: string, init?: RequestInit) => inProcess.fetch(url, init)],
  ['over HTTP (audio-task-mock/vitest)', '', (url: string, init?: RequestInit) => fetch(url, init)],
])(
  '%s: a task read to success and its audio, under fake timers',
  async (_door, base, send) => {
    const origin = base === '' ? http.url : base
    const headers = { 'x-api-key': 'demo-key', 'content-type': 'application/json' }
    const body = JSON.stringify({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: 'sea' } })
    const created = (await (await send(`${origin}/api/v1/task`, { method: 'POST', headers, body })).json()) as { data: { task_id: string } }
    vi.advanceTimersByTime(3_600_000) // an hour of the test's time: the fake's tasks do not move
    type Task = { data: { status: string; output: { result: Array<{ audio_url: string }> } | null } }
    const read = async () => (await (await send(`${origin}/api/v1/task/${created.data.task_id}`, { headers })).json()) as Task
    const statuses = [(await read()).data.status, (await read()).data.status, (await read()).data.status]
    const last = await read()
    expect([...statuses, last.data.status]).toEqual(['pending', 'running', 'running', 'success'])
    const audio = await send(last.data.output!.result[0]!.audio_url)
    expect((await audio.arrayBuffer()).byteLength).toBeGreaterThan(10_000)
  },
  20_000,
)
