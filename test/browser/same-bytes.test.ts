/**
 * The same scenario and the same requests answer byte for byte the same in a browser page
 * (audio-task-mock/browser behind setupWorker) as in Node (createMock's handlers): statuses,
 * headers that matter, JSON bodies, and the generated WAV and PNG files (compared by SHA-256).
 *
 * @module-tag chromium
 */
import { createHash } from 'node:crypto'
import { getResponse } from 'msw'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createMock } from '../../src/mock/create-mock.js'
import { browserDoor } from '../support/browser-door.js'
import type { PageReply } from './pages/fake-page.js'
import { CONTRACT_SCENARIO } from '../support/scenarios.js'

const SCENARIO = CONTRACT_SCENARIO.replace('  timeout_after: 10m', '  timeout_after: 10m\n  media: { audio_seconds: 3 }')
const door = browserDoor()
beforeAll(() => door.setup(), 60_000)
afterAll(() => door.teardown())

interface Step {
  method: string
  path: string | ((seen: Seen[]) => string)
  key?: string
  body?: unknown
  /** Clock move before the request. */
  advance?: string
}
type Seen = { status: number; headers: Record<string, string>; text: string; sha256: string }

const music = (prompt: string) => ({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: prompt } })
const taskOf = (index: number) => (seen: Seen[]) => `/api/v1/task/${JSON.parse(seen[index]!.text).data.task_id}`
const clipUrl = (index: number, field: 'audio_url' | 'image_url') => (seen: Seen[]) =>
  new URL(JSON.parse(seen[index]!.text).data.output.result[0][field]).pathname

const STEPS: Step[] = [
  { method: 'POST', path: '/api/v1/task', body: music('a calm piano piece') }, // 0: 202
  { method: 'POST', path: '/api/v1/task', key: 'key-b', body: { model: 'music-model', task_type: 'lyrics', input: { prompt: 'the sea' } } },
  { method: 'POST', path: '/api/v1/task', body: music('please fail') }, // 2: failure timeline
  { method: 'POST', path: '/api/v1/task', key: 'broke', body: music('x') }, // 402
  { method: 'POST', path: '/api/v1/task', key: 'nobody', body: music('x') }, // 401
  { method: 'POST', path: '/api/v1/task', body: { model: 'music-model', task_type: 'music', input: { mv: 'voice-v9' } } }, // 400
  { method: 'GET', path: taskOf(0), advance: '1s' },
  { method: 'GET', path: taskOf(0), advance: '6s' },
  { method: 'GET', path: taskOf(0) },
  { method: 'GET', path: taskOf(0), advance: '10s' }, // 9: success, with outputs
  { method: 'GET', path: taskOf(2) },
  { method: 'GET', path: taskOf(2), advance: '5s' }, // failure, refunded
  { method: 'GET', path: taskOf(1), key: 'key-a' }, // another account's task: 404
  { method: 'GET', path: '/api/v1/account/usage' },
  { method: 'GET', path: clipUrl(9, 'audio_url') },
  { method: 'GET', path: clipUrl(9, 'image_url') },
  { method: 'HEAD', path: clipUrl(9, 'audio_url') },
  { method: 'GET', path: '/api/v1/nothing' },
  { method: 'GET', path: '/openapi.json' },
]

const HEADERS = ['content-type', 'content-length', 'allow', 'retry-after', 'cache-control']

function keep(headers: Iterable<[string, string]>): Record<string, string> {
  return Object.fromEntries([...headers].filter(([name]) => HEADERS.includes(name)).sort(([a], [b]) => a.localeCompare(b)))
}

async function run(
  send: (method: string, url: string, headers: Record<string, string>, body?: string) => Promise<Seen>,
  advance: (by: string) => Promise<void>,
  origin: string,
): Promise<Seen[]> {
  const seen: Seen[] = []
  for (const step of STEPS) {
    if (step.advance !== undefined) await advance(step.advance)
    const path = typeof step.path === 'string' ? step.path : step.path(seen)
    const headers: Record<string, string> = { 'x-api-key': step.key ?? 'key-a' }
    if (step.body !== undefined) headers['content-type'] = 'application/json'
    seen.push(await send(step.method, origin + path, headers, step.body === undefined ? undefined : JSON.stringify(step.body)))
  }
  return seen
}

it('answers every request of a session with the same bytes in the page as in Node', async () => {
  await door.start(SCENARIO)
  const origin = await door.page.evaluate(() => location.origin)
  const page = door.page
  const inPage = await run(
    async (method, url, headers, body) => {
      const reply: PageReply = await page.evaluate(([u, i]) => window.__fake.fetch(u, i), [url, { method, headers, body }] as const)
      return { status: reply.status, headers: keep(reply.headers), text: reply.text, sha256: reply.sha256 }
    },
    (by) => page.evaluate((step) => window.__fake.advance(step), by),
    origin,
  )

  const mock = createMock({ scenario: SCENARIO, baseUrl: origin })
  const inNode = await run(
    async (method, url, headers, body) => {
      const response = (await getResponse(mock.handlers, new Request(url, { method, headers, body })))!
      const bytes = new Uint8Array(await response.arrayBuffer())
      const text = new TextDecoder().decode(bytes)
      return { status: response.status, headers: keep(response.headers), text, sha256: createHash('sha256').update(bytes).digest('hex') }
    },
    async (by) => void mock.clock.advance(by),
    origin,
  )

  expect(inPage.map((seen) => seen.status)).toEqual([202, 202, 202, 402, 401, 400, 200, 200, 200, 200, 200, 200, 404, 200, 200, 200, 200, 404, 200])
  expect(JSON.parse(inPage[9]!.text).data.status).toBe('success')
  expect(JSON.parse(inPage[11]!.text).data.status).toBe('failure')
  expect(inPage[14]!.headers['content-type']).toBe('audio/wav')
  expect(inPage[15]!.headers['content-type']).toBe('image/png')
  // Headers a browser computes itself (content-length of a worker's answer) are compared where the fake sets them.
  for (let i = 0; i < STEPS.length; i++) {
    expect({ step: i, ...inPage[i]!, headers: { ...inPage[i]!.headers, 'content-length': undefined } }).toEqual({
      step: i,
      ...inNode[i]!,
      headers: { ...inNode[i]!.headers, 'content-length': undefined },
    })
  }
  expect(inPage[14]!.headers['content-length']).toBe(inNode[14]!.headers['content-length'])
})
