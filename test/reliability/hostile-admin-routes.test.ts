/**
 * Hostile requests on every admin and media route, on the in-process door and the standalone
 * server: wrong methods and content types, long, path-like, unicode and NUL keys and ids, junk
 * query parameters, odd headers. Pass: never a 5xx, every error `{code, message}`, a rejected
 * request changes no account, task or clock reading, no prototype polluted.
 */
import fc from 'fast-check'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { httpDoor, inProcessDoor, type Door, type Fake } from '../support/doors.js'
import { anyJson, call, expectNoPollution, expectSound, nasty, RUNS, segment, snapshot } from '../support/hostile.js'

const SCENARIO = `
version: 1
seed: 11
accounts:
  - { api_key: key-a, credits: 1000 }
  - { api_key: key-b, credits: 1000 }
timelines:
  default:
    - { status: pending, polls: 1 }
    - { status: success }
`
const music = JSON.stringify({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: 'calm' } })

const ROUTES = [
  '/__admin/health',
  '/__admin/reset',
  '/__admin/scenario',
  '/__admin/clock',
  '/__admin/clock/advance',
  '/__admin/clock/set',
  '/__admin/accounts',
  '/__admin/accounts/key-a',
  '/__admin/accounts/key-a/top-up',
  '/__admin/accounts/key-a/reset',
  '/__admin/tasks',
  '/__admin/tasks/TASK',
  '/__admin/tasks/TASK/force',
  '/__admin/journal',
  '/__admin/report',
  '/__admin',
  '/__admin/',
  '/__admin/nothing',
  '/__admin/accounts/key-a/nothing',
  '/assets/audio/CLIP.wav',
  '/assets/image/CLIP.png',
  '/assets/audio/CLIP.png',
  '/assets/video/CLIP.mp4',
  '/assets',
]
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']
const CONTENT_TYPES = [
  'application/json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/yaml',
  '',
]
/** Requests that change state when they are accepted: a rejected one must change nothing, an accepted one may. */
const CHANGES = /^(POST|PUT|DELETE) \/__admin\/(reset|scenario|clock\/|accounts|tasks\/.+\/force)/

describe.each([inProcessDoor(), httpDoor()])('hostile admin and media routes: $name', (door: Door) => {
  let fake: Fake
  let task: string
  let clip: string
  beforeAll(() => door.setup())
  afterAll(() => door.teardown())
  beforeEach(async () => {
    fake = await door.start(SCENARIO)
    const headers = { 'x-api-key': 'key-a', 'content-type': 'application/json' }
    task = (await call(fake.origin, 'POST', '/api/v1/task', { body: music, headers })).json.data.task_id
    await call(fake.origin, 'GET', `/api/v1/task/${task}`, { headers })
    clip = (await call(fake.origin, 'GET', `/api/v1/task/${task}`, { headers })).json.data.output.result[0].id
  })
  afterEach(async () => {
    expectNoPollution()
    await door.stop()
  })

  async function probe(method: string, path: string, body: string | undefined, headers: Record<string, string>) {
    const before = snapshot(fake.mock)
    const reply = await call(fake.origin, method, path, { body: method === 'GET' || method === 'HEAD' ? undefined : body, headers })
    const what = `${method} ${path.slice(0, 120)}`
    if (method !== 'HEAD') expectSound(reply, what)
    else expect(reply.status, what).toBeLessThan(500)
    if (reply.status >= 400 || !CHANGES.test(`${method} ${path}`)) expect(snapshot(fake.mock), `state changed by ${what} (${reply.status})`).toBe(before)
    return reply
  }

  it('answers every method and content type on every route with a JSON answer, never 5xx', async () => {
    const route = fc.constantFrom(...ROUTES)
    const body = fc.oneof(
      fc.constant(undefined),
      anyJson.map((value) => JSON.stringify(value)),
      nasty,
    )
    await fc.assert(
      fc.asyncProperty(route, fc.constantFrom(...METHODS), fc.constantFrom(...CONTENT_TYPES), body, async (raw, method, type, text) => {
        const path = raw.replace('TASK', task).replace('CLIP', clip)
        const reply = await probe(method, path, text, type === '' ? {} : { 'content-type': type })
        if (reply.status === 405 && method !== 'HEAD') expect(reply.json.message).toMatch(/^Method \w+ is not allowed on /)
      }),
      { numRuns: RUNS * 3 },
    )
  })

  it('answers long, path-like, unicode and NUL keys, task ids and clip ids with a JSON 4xx', async () => {
    const template = fc.constantFrom(
      '/__admin/accounts/X',
      '/__admin/tasks/X',
      '/__admin/accounts/X/top-up',
      '/assets/audio/X.wav',
      '/assets/image/X.png',
      '/assets/audio/X',
    )
    await fc.assert(
      fc.asyncProperty(template, segment, fc.constantFrom('GET', 'DELETE', 'POST'), async (path, id, method) => {
        const reply = await probe(method, path.replace('X', id), '{"credits":5}', { 'content-type': 'application/json' })
        expect(reply.status === 404 || reply.status === 400 || reply.status === 405 || reply.status === 200, `${path} ${id}: ${reply.status}`).toBe(true)
      }),
      { numRuns: RUNS },
    )
  })

  it('answers junk query parameters on the list routes with a JSON 400 or a list', async () => {
    const param = fc.tuple(
      fc.constantFrom('api_key', 'status', 'endpoint', 'limit', 'task_id', '__proto__', 'constructor', 'x'),
      fc.oneof(nasty, fc.constantFrom('-1', '0', '1e9', '99999999999999999999', 'running', 'create')),
    )
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/__admin/tasks', '/__admin/journal', '/__admin/report'), fc.array(param, { maxLength: 4 }), async (path, params) => {
        const query = new URLSearchParams(params).toString()
        const reply = await probe('GET', `${path}?${query}`, undefined, {})
        expect([200, 400, 404]).toContain(reply.status)
      }),
      { numRuns: RUNS },
    )
  })

  it('takes odd header values on admin and media routes in its stride', async () => {
    const value = fc.oneof(
      fc.string({ maxLength: 60 }).filter((text) => /^[\x20-\x7e]*$/.test(text)),
      fc.constantFrom('a, b', 'Bearer', 'Bearer ', 'x'.repeat(4000)),
    )
    const name = fc.constantFrom(
      'authorization',
      'x-admin-token',
      'x-api-key',
      'content-length-x',
      'range',
      'accept',
      'accept-encoding',
      'if-none-match',
      'cookie',
    )
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/__admin/health', '/__admin/accounts', '/assets/audio/CLIP.wav', '/assets/image/CLIP.png'),
        name,
        value,
        async (raw, header, text) => {
          const reply = await probe('GET', raw.replace('CLIP', clip), undefined, { [header]: text })
          expect(reply.status).toBe(200)
        },
      ),
      { numRuns: RUNS },
    )
  })
})
