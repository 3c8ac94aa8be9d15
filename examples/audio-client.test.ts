/**
 * The example client's suite, run against the fake in-process (msw) and over HTTP. The client's
 * sleep moves the fake's manual clock, so a five-minute poll takes no time, and the client report
 * checks the client kept to the spec's pace.
 */
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { assertNoViolations, createMock, parsePng, parseWav, startServer, type MockControl, type MockClock } from 'audio-task-mock'
import { createAudioClient } from './audio-client.js'

const SCENARIO = `
version: 1
accounts: [{ api_key: shared-key, credits: 100 }]
service: { media: { audio_seconds: 2 } }
timelines:
  default: [{ status: pending, for: 5s }, { status: running, for: 20s }, { status: success }]
  fails: [{ status: pending, for: 5s }, { status: failure, error: "upstream rejected the prompt" }]
rules:
  - match: { input: { gpt_description_prompt: { contains: fail } } }
    timeline: fails
faults:
  - match: { endpoint: get_task, api_key: limited-key, times: 1 }
    respond: { status: 429, headers: { Retry-After: "12" } }
`

interface Fake extends MockControl {
  clock: MockClock
}

interface Door {
  name: string
  start(): Promise<{ fake: Fake; url: string; stop(): Promise<void> }>
}

const inProcess: Door = {
  name: 'in-process (msw)',
  async start() {
    const fake = createMock({ scenario: SCENARIO, baseUrl: 'https://audio.example.test' })
    const server = setupServer(...fake.handlers)
    server.listen({ onUnhandledRequest: 'error' })
    return { fake, url: 'https://audio.example.test', stop: async () => server.close() }
  },
}

const overHttp: Door = {
  name: 'over HTTP',
  async start() {
    const running = await startServer({ scenario: SCENARIO, port: 0 })
    return { fake: running, url: running.url, stop: () => running.close() }
  },
}

describe.each([inProcess, overHttp])('example client: $name', (door) => {
  let fake: Fake
  let url: string
  let stop: () => Promise<void>
  beforeAll(async () => ({ fake, url, stop } = await door.start()))
  afterAll(() => stop())
  // Each test worker uses its own key, so parallel workers could share one fake and clean up only their key.
  const key = `worker-${process.env['VITEST_POOL_ID'] ?? '1'}`
  const client = (apiKey = key) => createAudioClient({ baseUrl: url, apiKey, sleep: (ms) => fake.clock.advance(ms) })
  beforeEach(() => void fake.accounts.create(key, 30))
  afterEach(() => fake.accounts.remove(key))

  it('creates a music task, polls it to success at the spec pace, and downloads real files', async () => {
    const audio = client()
    const created = await audio.createTask('music', { gpt_description_prompt: 'a calm lofi beat' })
    const task = await audio.waitForTask(created.task_id)
    expect(task.status).toBe('success')
    const [clip] = task.output!.result
    const wav = await audio.download(clip!.audio_url)
    expect(wav.contentType).toBe('audio/wav')
    expect(parseWav(wav.bytes).seconds).toBe(2)
    expect(parsePng((await audio.download(clip!.image_url)).bytes).width).toBe(256)
    expect(await audio.usage()).toEqual({ tasks_created: 1, credits_used: 10, credits_topped_up: 30 })
    assertNoViolations(fake.report({ apiKey: key }))
  })

  it('sees a failure with its message, and gets the credits back', async () => {
    const audio = client()
    const task = await audio.waitForTask((await audio.createTask('music', { gpt_description_prompt: 'this will fail' })).task_id)
    expect(task).toMatchObject({ status: 'failure', error: 'upstream rejected the prompt', output: null })
    expect((await audio.usage()).credits_used).toBe(0)
    assertNoViolations(fake.report({ apiKey: key }))
  })

  it('stops at a 402 instead of retrying, until the account is topped up', async () => {
    const audio = client()
    for (let i = 0; i < 3; i++) await audio.createTask('music', { gpt_description_prompt: `song ${i}` })
    await expect(audio.createTask('music', { gpt_description_prompt: 'one more' })).rejects.toMatchObject({ status: 402 })
    fake.accounts.topUp(key, 10)
    expect((await audio.createTask('music', { gpt_description_prompt: 'one more' })).credits_charged).toBe(10)
    assertNoViolations(fake.report({ apiKey: key }), { ignore: ['never_read_to_final'] })
  })

  it('honours Retry-After on a 429 while polling', async () => {
    fake.accounts.create('limited-key', 10)
    const audio = client('limited-key')
    const task = await audio.waitForTask((await audio.createTask('lyrics', { prompt: 'the sea' })).task_id)
    expect(task.status).toBe('success')
    expect(fake.journal({ apiKey: 'limited-key', status: 429 }).total).toBe(1)
    assertNoViolations(fake.report({ apiKey: 'limited-key' }))
    fake.accounts.remove('limited-key')
  })

  it('a client that polls in a tight loop gets the report it deserves', async () => {
    const hasty = client()
    const { task_id } = await hasty.createTask('music', { gpt_description_prompt: 'in a hurry' })
    for (let i = 0; i < 5; i++) await hasty.getTask(task_id) // no pause between reads
    fake.tasks.force(task_id, 'success')
    for (let i = 0; i < 2; i++) await hasty.getTask(task_id) // and reads after the final status
    const report = fake.report({ apiKey: key })
    expect(report.counts).toMatchObject({ poll_too_fast: 1, read_after_final: 1 })
    expect(() => assertNoViolations(report)).toThrow(/poll_too_fast task .*: 6 read\(s\) less than 1 s after the previous one/)
  })
})
