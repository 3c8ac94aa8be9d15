/**
 * The standalone server answers the public routes itself and everything else through the
 * msw handlers behind express. Sent the same odd requests in the same order, it must answer
 * exactly like the express door (createApp) alone: status, headers that matter, body.
 */
import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTRACT_SCENARIO } from '../support/scenarios.js'
import { expressDoor, httpDoor, type Door, type Fake } from '../support/doors.js'

interface Raw {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

interface RawRequest {
  method: string
  path: string
  headers?: Record<string, string | string[]>
  body?: string
  /** false: send no Host header at all. */
  host?: string | false
}

function send(origin: string, spec: RawRequest): Promise<Raw> {
  const { hostname, port } = new URL(origin)
  const headers: Record<string, string | string[]> = { 'x-api-key': 'key-a', ...spec.headers }
  if (typeof spec.host === 'string') headers['host'] = spec.host
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, method: spec.method, path: spec.path, headers, setHost: spec.host !== false, agent: false }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: body.replaceAll(origin, 'ORIGIN') }))
    })
    req.on('error', reject)
    req.end(spec.body)
  })
}

const music = JSON.stringify({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: 'odd requests' } })

/** Requests whose meaning the URL parser, msw or express decide; `TASK` is replaced by a finished task's id. */
const ODD: Array<[string, RawRequest]> = [
  ['a trailing slash', { method: 'GET', path: '/api/v1/task/TASK/' }],
  ['a percent-escaped id', { method: 'GET', path: '/api/v1/task/a%20b' }],
  ['an escaped slash in the id', { method: 'GET', path: '/api/v1/task/a%2Fb' }],
  ['dot segments', { method: 'GET', path: '/api/v1/account/../task/TASK' }],
  ['escaped dot segments', { method: 'GET', path: '/api/v1/task/%2e%2e' }],
  ['a query', { method: 'GET', path: '/api/v1/task/TASK?verbose=1&x=%20' }],
  ['HEAD', { method: 'HEAD', path: '/api/v1/account/usage' }],
  ['DELETE on a task', { method: 'DELETE', path: '/api/v1/task/TASK' }],
  ['GET on create', { method: 'GET', path: '/api/v1/task' }],
  ['POST on usage', { method: 'POST', path: '/api/v1/account/usage', body: '{}', headers: { 'content-type': 'application/json' } }],
  ['an unknown public path', { method: 'GET', path: '/api/v1/nothing' }],
  ['a path outside the API', { method: 'GET', path: '/nothing/here' }],
  ['a Host in capitals with the default port', { method: 'GET', path: '/api/v1/task/TASK', host: 'Audio.Example.COM:80' }],
  ['a Host with another port', { method: 'GET', path: '/api/v1/task/TASK', host: 'localhost:9' }],
  ['no Host header', { method: 'GET', path: '/api/v1/account/usage', host: false }],
  ['the key twice', { method: 'GET', path: '/api/v1/account/usage', headers: { 'x-api-key': ['key-a', 'key-a'] } }],
  ['an empty key', { method: 'GET', path: '/api/v1/account/usage', headers: { 'x-api-key': '' } }],
  ['a key in another case of header name', { method: 'GET', path: '/api/v1/account/usage', headers: { 'X-API-KEY': 'key-b' } }],
  ['a create with a charset', { method: 'POST', path: '/api/v1/task', body: music, headers: { 'content-type': 'application/json; charset=utf-8' } }],
  ['a create with a query', { method: 'POST', path: '/api/v1/task?debug=1', body: music, headers: { 'content-type': 'application/json' } }],
  ['a create without a content type', { method: 'POST', path: '/api/v1/task', body: music }],
  ['a create with two content types', { method: 'POST', path: '/api/v1/task', body: music, headers: { 'content-type': ['text/plain', 'application/json'] } }],
  [
    'a create with a chunked body',
    { method: 'POST', path: '/api/v1/task', body: music, headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } },
  ],
  ['a create in invalid UTF-8', { method: 'POST', path: '/api/v1/task', body: '{"model":"\udc00"}', headers: { 'content-type': 'application/json' } }],
  ['usage after all that', { method: 'GET', path: '/api/v1/account/usage' }],
]

const HEADERS = ['content-type', 'allow', 'connection', 'retry-after'] as const

async function session(door: Door): Promise<Array<{ status: number; headers: Record<string, unknown>; body: string }>> {
  const fake: Fake = await door.start(CONTRACT_SCENARIO)
  try {
    const created = await fake.call('POST', '/api/v1/task', { body: JSON.parse(music) })
    const id = created.json.data.task_id as string
    for (let i = 0; i < 4; i++) await fake.call('GET', `/api/v1/task/${id}`)
    const replies = []
    for (const [, spec] of ODD) {
      const raw = await send(fake.origin, { ...spec, path: spec.path.replace('TASK', id) })
      replies.push({ status: raw.status, headers: Object.fromEntries(HEADERS.map((name) => [name, raw.headers[name]])), body: raw.body })
    }
    return replies
  } finally {
    await door.stop()
  }
}

describe('the standalone server answers odd requests exactly like the express door', () => {
  const express = expressDoor()
  const standalone = httpDoor()
  let expected: Awaited<ReturnType<typeof session>>
  let actual: Awaited<ReturnType<typeof session>>
  beforeAll(async () => {
    expected = await session(express)
    actual = await session(standalone)
  })
  afterAll(async () => {
    await express.teardown()
    await standalone.teardown()
  })

  it.each(ODD.map(([name], index) => [name, index] as const))('%s', (_name, index) => {
    expect(actual[index]).toEqual(expected[index])
  })

  it('covers answers from both of its paths', () => {
    const statuses = new Set(expected.map((reply) => reply.status))
    for (const status of [200, 202, 400, 401, 404, 405]) expect(statuses).toContain(status)
  })
})
