/**
 * Keys an upstream echoes in another spelling: JSON-escaped (`sk\/live\/…` as PHP writes `/`),
 * `\u`-escaped, base64. Keys are compared on decoded strings, and the written file holds the key
 * in none of its encodings: not in fault messages, task errors, outputs or headers.
 */
import { afterEach, expect, it } from 'vitest'
import { startRecordProxy } from '../../src/proxy/record-proxy.js'
import { Recording } from '../../src/record/recording.js'
import { parseUpstream } from '../../src/record/upstream-url.js'
import { writeScenario } from '../../src/record/write-scenario.js'
import { parseScenario } from '../../src/scenario/index.js'
import { keySpellings, revealing } from '../support/key-spellings.js'
import { fakeUpstream, type FakeUpstream } from './fake-upstream.js'

const KEY = 'sk/live/9f8e-ÄÖ-SECRET+x'
const slashEscaped = KEY.replaceAll('/', '\\/')
const jsonEscaped = JSON.stringify(KEY).slice(1, -1)
const allEscaped = [...KEY].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')
const base64 = Buffer.from(KEY).toString('base64')
const FORMS = [KEY, slashEscaped, jsonEscaped, allEscaped, allEscaped.toUpperCase(), base64, Buffer.from(KEY).toString('base64url'), encodeURIComponent(KEY)]

/** A JSON text where `message` holds the key `\u`-escaped and `\/`-escaped, as a PHP upstream writes it. */
const phpJson = (status: number, message: string): string => `{"code":${status},"message":"${message}"}`

const stopped: Array<{ close(): Promise<void> }> = []
afterEach(async () => {
  await Promise.all(stopped.splice(0).map((server) => server.close()))
})

function leaks(text: string): string[] {
  return [...FORMS.filter((form) => text.includes(form) || text.toLowerCase().includes(form.toLowerCase())), ...revealing(text, KEY)]
}

/** Every spelling of issue 40 (lower-case %2f, fully %-encoded, HTML entities, base64 of user:KEY, upper case, hex, a JWT payload). */
const SPELLINGS = Object.entries(keySpellings(KEY))

it('a recording fed escaped echoes writes the key in no encoding', () => {
  const recording = new Recording()
  const created = `{"code":202,"data":{"task_id":"t1","type":"music","status":"pending","credits_charged":10,"created_at":"2026-01-01T00:00:00.000Z"}}`
  const body = JSON.stringify({ model: 'm', task_type: 'music', input: { gpt_description_prompt: `note ${KEY}` } })
  recording.add({
    at: 0,
    method: 'POST',
    path: '/api/v1/task',
    apiKey: KEY,
    contentType: 'application/json',
    body,
    response: { status: 202, headers: {}, body: created },
  })
  const failed = `{"code":200,"data":{"task_id":"t1","type":"music","status":"failure","error":"key ${allEscaped} was revoked","output":null}}`
  recording.add({
    at: 5,
    method: 'GET',
    path: '/api/v1/task/t1',
    apiKey: KEY,
    contentType: null,
    body: '',
    response: { status: 200, headers: {}, body: failed },
  })
  const refused = phpJson(403, `key ${slashEscaped} may not (${base64})`)
  recording.add({
    at: 9,
    method: 'GET',
    path: '/api/v1/account/usage',
    apiKey: KEY,
    contentType: null,
    body: '',
    response: { status: 403, headers: { 'x-echo': jsonEscaped }, body: refused },
  })
  const text = `<html>${slashEscaped} ${allEscaped}</html>`
  recording.add({
    at: 10,
    method: 'GET',
    path: '/api/v1/account/usage',
    apiKey: KEY,
    contentType: null,
    body: '',
    response: { status: 500, headers: {}, body: text },
  })
  const yaml = writeScenario(recording.session({ upstream: 'u', wallNow: 0 }))
  expect(leaks(yaml)).toEqual([])
  expect(yaml).toContain('key recorded-key-1 may not (recorded-key-1)')
  expect(yaml).toContain('key recorded-key-1 was revoked')
  const parsed = parseScenario(yaml, 'r.yaml')
  expect(parsed.ok ? [] : parsed.errors).toEqual([])
})

it('through the proxy: an upstream echoing the key escaped gets it into no fault, error or output', async () => {
  const upstream: FakeUpstream = await fakeUpstream(({ method, path }) => {
    if (method === 'POST')
      return {
        status: 202,
        body: { code: 202, data: { task_id: 't1', type: 'music', status: 'pending', credits_charged: 10, created_at: '2026-01-01T00:00:00.000Z' } },
      }
    if (path === '/api/v1/task/t1') {
      return {
        status: 200,
        body: `{"code":200,"data":{"task_id":"t1","type":"music","status":"success","error":null,"created_at":"2026-01-01T00:00:00.000Z","completed_at":"2026-01-01T00:00:30.000Z","output":{"title":"for ${slashEscaped}","note":"${base64}","result":[{"title":"${allEscaped}","duration":3}]}}}`,
      }
    }
    return { status: 429, headers: { 'retry-after': '3' }, body: phpJson(429, `slow down, ${allEscaped}`) }
  })
  stopped.push(upstream)
  let wall = 0
  const target = parseUpstream(upstream.url)
  if ('error' in target) throw new Error(target.error)
  const proxy = await startRecordProxy({ upstream: target, now: () => wall })
  stopped.push(proxy)
  const headers = { 'x-api-key': KEY, 'content-type': 'application/json' }
  const created = await fetch(`${proxy.url}/api/v1/task`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ model: 'm', task_type: 'music', input: { gpt_description_prompt: 'p' } }),
  })
  expect(created.status).toBe(202)
  wall += 30_000
  expect((await fetch(`${proxy.url}/api/v1/task/t1`, { headers })).status).toBe(200)
  expect((await fetch(`${proxy.url}/api/v1/account/usage`, { headers })).status).toBe(429)
  const yaml = proxy.yaml()
  expect(leaks(yaml)).toEqual([])
  expect(yaml).toContain('slow down, recorded-key-1')
  expect(yaml).toContain('for recorded-key-1')
})

it.each(SPELLINGS)('an upstream echoing the key as %s gets it into no written file', (_name, spelled) => {
  const recording = new Recording()
  const text = JSON.stringify({ code: 403, message: `key ${spelled} may not` })
  recording.add({
    at: 0,
    method: 'GET',
    path: '/api/v1/account/usage',
    apiKey: KEY,
    contentType: null,
    body: '',
    response: { status: 403, headers: {}, body: text },
  })
  recording.add({
    at: 1,
    method: 'GET',
    path: '/api/v1/account/usage',
    apiKey: KEY,
    contentType: null,
    body: '',
    response: { status: 500, headers: { 'x-echo': spelled }, body: `<p>not JSON: ${spelled}</p>` },
  })
  const yaml = writeScenario(recording.session({ upstream: 'u', wallNow: 0 }))
  expect(leaks(yaml)).toEqual([])
  expect(yaml).toContain('may not')
})
