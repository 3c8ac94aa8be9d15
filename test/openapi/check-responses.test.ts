/**
 * Test mode (installed for the whole suite by test/support/check-responses-setup.ts):
 * an answer off the OpenAPI document is replaced by a 500 saying what is wrong and recorded, in
 * process and over HTTP; statuses a scenario scripts on purpose still pass; faults still work.
 */
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { CHECK_RESPONSES_ENV, setAnswerCheck } from '../../src/openapi/answer-check.js'
import { responseViolations } from '../../src/openapi/response-violations.js'
import { createMock } from '../../src/mock/create-mock.js'
import { startServer } from '../../src/server/start-server.js'

const SCENARIO = `
version: 1
accounts: [{ api_key: k, credits: 100 }]
timelines:
  default:
    - { status: pending, polls: 1 }
    - status: success
      output: { result: [{ duration: "long" }] }
faults:
  - match: { endpoint: usage }
    respond: { status: 503, message: "down for maintenance" }
  - match: { endpoint: get_task, api_key: k, nth: 9 }
    drop: true
`
const headers = { 'x-api-key': 'k', 'content-type': 'application/json' }
const music = JSON.stringify({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: 'sea' } })

interface Started {
  base: string
  close(): Promise<void>
}

const server = setupServer()
// The HTTP door's requests go through msw's interception too: let them pass to the real server.
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }))
afterAll(() => server.close())

const doors: Array<[string, () => Promise<Started>]> = [
  [
    'in-process',
    async () => {
      server.resetHandlers(...createMock({ scenario: SCENARIO, baseUrl: 'http://checked.test' }).handlers)
      return { base: 'http://checked.test', close: async () => server.resetHandlers() }
    },
  ],
  [
    'HTTP',
    async () => {
      const running = await startServer({ scenario: SCENARIO, port: 0 })
      return { base: running.url, close: () => running.close() }
    },
  ],
]

describe.each(doors)('test mode, %s', (_name, start) => {
  let fake: Started
  afterEach(() => fake.close())

  test('replaces an answer off the document with a 500 that says what is wrong, and records it', async () => {
    fake = await start()
    const created = await fetch(`${fake.base}/api/v1/task`, { method: 'POST', headers, body: music }).then((r) => r.json())
    const read = () => fetch(`${fake.base}/api/v1/task/${created.data.task_id}`, { headers })
    expect((await read()).status).toBe(200)
    const off = await read()
    expect(off.status).toBe(500)
    const { message } = await off.json()
    expect(message).toMatch(/^audio-task-mock test mode: the 200 answer is off the OpenAPI document: /)
    expect(message).toContain(`GET /api/v1/task/${created.data.task_id}: 200 body at /data/output/result/0/duration: must be number, got "long"`)
    const recorded = responseViolations.splice(0)
    expect(recorded).toHaveLength(1)
    expect(recorded[0]).toMatchObject({ request: `GET /api/v1/task/${created.data.task_id}`, status: 200 })
  })

  test('lets a status the scenario scripts through, and a dropped connection still drops', async () => {
    fake = await start()
    const usage = await fetch(`${fake.base}/api/v1/account/usage`, { headers })
    expect(usage.status).toBe(503)
    expect(await usage.json()).toEqual({ code: 503, message: 'down for maintenance' })
    const created = await fetch(`${fake.base}/api/v1/task`, { method: 'POST', headers, body: music }).then((r) => r.json())
    const reads = []
    for (let i = 0; i < 9; i++)
      reads.push(
        await fetch(`${fake.base}/api/v1/task/none-${i}`, { headers }).then(
          (r) => r.status,
          () => 'dropped',
        ),
      )
    expect(reads).toEqual([404, 404, 404, 404, 404, 404, 404, 404, 'dropped'])
    expect(created.code).toBe(202)
    expect(responseViolations).toEqual([])
  })
})

test('without a check installed, an answer off the document goes out as it is', async () => {
  const saved = setAnswerCheck(null)
  const env = process.env[CHECK_RESPONSES_ENV]
  delete process.env[CHECK_RESPONSES_ENV]
  try {
    // The scenario's output makes a clip's duration a string, which the document does not allow.
    const mock = createMock({ scenario: SCENARIO, baseUrl: 'http://audio.mock.test' })
    const created = await (await mock.fetch('/api/v1/task', { method: 'POST', headers, body: music })).json()
    await mock.fetch(`/api/v1/task/${created.data.task_id}`, { headers })
    const done = await mock.fetch(`/api/v1/task/${created.data.task_id}`, { headers })
    expect(done.status).toBe(200)
    expect((await done.json()).data.output.result[0].duration).toBe('long')
  } finally {
    setAnswerCheck(saved)
    if (env !== undefined) process.env[CHECK_RESPONSES_ENV] = env
  }
})

test('AUDIO_TASK_MOCK_CHECK_RESPONSES=1 turns test mode on in Node, through the package entry and the server (a fresh process)', async () => {
  const { execFile } = await import('node:child_process')
  const { promisify } = await import('node:util')
  const script = `
    const { createMock } = await import(${JSON.stringify(new URL('../../dist/index.js', import.meta.url).href)})
    const { startServer } = await import(${JSON.stringify(new URL('../../dist/server/start-server.js', import.meta.url).href)})
    const { answerCheck } = await import(${JSON.stringify(new URL('../../dist/openapi/answer-check.js', import.meta.url).href)})
    const mock = createMock({ scenario: ${JSON.stringify(SCENARIO)}, baseUrl: 'http://audio.mock.test' })
    const headers = ${JSON.stringify(headers)}
    const created = await (await mock.fetch('/api/v1/task', { method: 'POST', headers, body: ${JSON.stringify(music)} })).json()
    await mock.fetch('/api/v1/task/' + created.data.task_id, { headers })
    const done = await mock.fetch('/api/v1/task/' + created.data.task_id, { headers })
    const server = await startServer({ scenario: 'version: 1' })
    await server.close()
    process.stdout.write(JSON.stringify({ check: answerCheck()?.name ?? null, finished: done.status }))
  `
  const run = async (value: string | undefined) => {
    const env = { ...process.env }
    delete env[CHECK_RESPONSES_ENV]
    if (value !== undefined) env[CHECK_RESPONSES_ENV] = value
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { env })
    return JSON.parse(stdout) as { check: string | null; finished: number }
  }
  const [on, off] = await Promise.all([run('1'), run(undefined)])
  expect(on.check).toBe('offDocument')
  expect(off.check).toBeNull()
  // In test mode an answer off the document (a clip's duration as a string) becomes a 500.
  expect(on.finished).toBe(500)
  expect(off.finished).toBe(200)
})
