/**
 * `mock.fetch` (src/mock/fetch-door.ts): what the contract suite cannot show through its `call`
 * helper. The same requests, in the same order, to two fakes of the same scenario, one behind
 * msw's setupServer and one called as `mock.fetch`, get the same status, status text, headers
 * and body bytes, on the plain routes the door answers itself and on every other form it hands
 * to the handlers. Then what only a fetch function has: network failures, other origins,
 * relative URLs, Request objects, abort signals, and a Response that reads like any other.
 */
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMock, type Mock } from '../../src/mock/create-mock.js'
import { CONTRACT_SCENARIO } from '../support/scenarios.js'

const BASE = 'http://audio.fetch.test'
const music = JSON.stringify({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: 'a calm piano piece' } })
const json = { 'x-api-key': 'key-a', 'content-type': 'application/json' }

interface Seen {
  status: number
  statusText: string
  headers: Array<[string, string]>
  body: string
}

async function seen(response: Response): Promise<Seen> {
  const bytes = new Uint8Array(await response.arrayBuffer())
  return { status: response.status, statusText: response.statusText, headers: [...response.headers], body: Buffer.from(bytes).toString('base64') }
}

/** Requests in order (later ones use the task the first creates): [url, init]. */
function requests(taskId: string): Array<[string, RequestInit]> {
  const task = `${BASE}/api/v1/task/${taskId}`
  return [
    [task, { headers: json }],
    [`${BASE}/api/v1/account/usage`, { headers: { 'X-API-Key': 'key-a' } }],
    [`${BASE}/api/v1/account/usage?verbose=1`, { headers: { 'x-api-key': 'key-a' } }],
    [task, { headers: { 'x-api-key': 'key-b' } }],
    [task, { headers: {} }],
    [`${task}/`, { headers: json }],
    [task.replace('/api/v1/task/', '/API/V1/TASK/'), { headers: json }],
    [`${BASE}/api/v1/task/%E0%A4%A`, { headers: json }],
    [`${BASE}/api/v1/task/caf%C3%A9`, { headers: json }],
    [task, { method: 'HEAD', headers: json }],
    [task, { method: 'delete', headers: json }],
    [`${BASE}/api/v1/task`, { method: 'PUT', headers: json, body: music }],
    [`${BASE}/api/v2/task`, { headers: json }],
    [`${BASE}/api/v1/task`, { method: 'post', headers: { 'x-api-key': 'key-a' }, body: music }],
    [`${BASE}/api/v1/task`, { method: 'POST', headers: json, body: new TextEncoder().encode(music) }],
    [`${BASE}/api/v1/task`, { method: 'POST', headers: json, body: new URLSearchParams({ a: '1' }) }],
    [`${BASE}/api/v1/task`, { method: 'POST', headers: json, body: '\uFEFF' + music }],
    [`${BASE}/api/v1/task`, { method: 'POST', headers: json, body: '{"model":"\uD800"}' }],
    [`${BASE}/api/v1/task`, { method: 'POST', headers: json, body: '' }],
    [`${BASE}/api/v1/task`, { method: 'POST', headers: json }],
    [`${BASE}/api/v1/task`, { method: 'POST', headers: { ...json, 'content-length': '99999999' }, body: music }],
    [`${BASE}/openapi.json`, {}],
    [`${BASE}/__admin/health`, {}],
    [`${BASE}/__admin/tasks/${taskId}`, {}],
    [`${BASE}/__admin/nothing`, {}],
    [`${BASE}/__admin/clock/advance`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"by":"1s"}' }],
    [task, { headers: json }],
    [`${BASE}/somewhere/else`, {}],
  ]
}

async function session(send: (url: string, init: RequestInit) => Promise<Response>): Promise<Seen[]> {
  const created = await send(`${BASE}/api/v1/task`, { method: 'POST', headers: json, body: music })
  const first = await seen(created.clone())
  const taskId = ((await created.json()) as { data: { task_id: string } }).data.task_id
  const out = [first]
  for (const [url, init] of requests(taskId)) out.push(await seen(await send(url, init)))
  let done: { data: { status: string; output: { result: Array<{ audio_url: string }> } } }
  for (let reads = 0; ; reads++) {
    done = (await (await send(`${BASE}/api/v1/task/${taskId}`, { headers: json })).json()) as typeof done
    if (done.data.status === 'success') break
    if (reads === 5) throw new Error(`the task did not succeed: ${JSON.stringify(done)}`)
  }
  out.push(await seen(await send(done.data.output.result[0]!.audio_url, { headers: { 'x-api-key': 'key-a' } })))
  out.push(await seen(await send(done.data.output.result[0]!.audio_url, { method: 'HEAD', headers: { 'x-api-key': 'key-a' } })))
  return out
}

describe('mock.fetch answers as the msw door does', () => {
  const server = setupServer()
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  afterAll(() => server.close())

  it('same status, status text, headers and bytes for every form of request, in order', async () => {
    const viaMsw = createMock({ scenario: CONTRACT_SCENARIO, baseUrl: BASE, wallNow: () => 0 })
    server.resetHandlers(...viaMsw.handlers)
    const expected = await session((url, init) => fetch(url, init))
    const direct = createMock({ scenario: CONTRACT_SCENARIO, baseUrl: BASE, wallNow: () => 0 })
    const actual = await session(direct.fetch)
    expect(actual).toEqual(expected)
    // As clients that build a Request first (openapi-fetch does) call it.
    const requested = createMock({ scenario: CONTRACT_SCENARIO, baseUrl: BASE, wallNow: () => 0 })
    expect(await session((url, init) => requested.fetch(new Request(url, init)))).toEqual(expected)
    expect(expected.map((answer) => answer.status)).toEqual(expect.arrayContaining([200, 202, 400, 401, 404, 405, 413]))
    expect(direct.journal({ limit: 1000 })).toEqual(viaMsw.journal({ limit: 1000 }))
  })
})

it('makes the msw handler once, when first read (mock.fetch answers without it)', async () => {
  const mock = createMock({ scenario: CONTRACT_SCENARIO, baseUrl: BASE })
  expect(Object.keys(mock)).toContain('handlers')
  expect(await (await mock.fetch(`${BASE}/__admin/health`)).json()).toMatchObject({ status: 'ok' })
  const handlers = mock.handlers
  expect(handlers).toHaveLength(1)
  expect(mock.handlers).toBe(handlers)
})

describe('mock.fetch as a fetch function', () => {
  const DROPS = `
version: 1
seed: 3
accounts: [{ api_key: key-a, credits: 100 }]
faults:
  - match: { endpoint: usage, nth: 1 }
    drop: true
  - match: { endpoint: get_task, nth: 1 }
    drop: true
`
  const usage = (mock: Mock, url = `${BASE}/api/v1/account/usage`) => mock.fetch(url, { headers: { 'x-api-key': 'key-a' } })

  it('rejects a dropped request with a TypeError, like a network failure, then answers the next', async () => {
    const mock = createMock({ scenario: DROPS, baseUrl: BASE })
    await expect(usage(mock)).rejects.toThrow(new TypeError('Failed to fetch'))
    expect((await usage(mock)).status).toBe(200)
    await expect(mock.fetch(`${BASE}/api/v1/task/nope`, { headers: { 'x-api-key': 'key-a' } })).rejects.toThrow(TypeError)
    // A path is the fake's only as the route table writes it: another case is no route (404), not a task read.
    expect((await mock.fetch(`${BASE}/API/V1/TASK/nope`, { headers: { 'x-api-key': 'key-a' } })).status).toBe(404)
  })

  it('rejects requests for another origin, and without a baseUrl requests outside the fake', async () => {
    const mock = createMock({ scenario: DROPS, baseUrl: BASE })
    await expect(usage(mock, 'http://elsewhere.test/api/v1/account/usage')).rejects.toThrow(/nothing of the fake answers GET http:\/\/elsewhere\.test/)
    const anywhere = createMock({ scenario: DROPS })
    expect((await anywhere.fetch('http://any.test/api/v1/nothing')).status).toBe(404)
    await expect(anywhere.fetch('http://any.test/index.html')).rejects.toThrow(TypeError)
    await expect(anywhere.fetch('/api/v1/account/usage')).rejects.toThrow(TypeError) // relative, and no baseUrl to resolve it
  })

  it('resolves a relative URL against baseUrl, and takes a Request or a URL', async () => {
    const mock = createMock({ scenario: DROPS, baseUrl: `${BASE}/` })
    await expect(usage(mock, '/api/v1/account/usage')).rejects.toThrow(TypeError) // the first usage is dropped
    expect((await usage(mock, '/api/v1/account/usage')).status).toBe(200)
    const other = createMock({ scenario: CONTRACT_SCENARIO, baseUrl: BASE })
    const request = new Request(`${BASE}/api/v1/task`, { method: 'POST', headers: json, body: music })
    const created = await other.fetch(request)
    expect(created.status).toBe(202)
    const { task_id } = ((await created.json()) as { data: { task_id: string } }).data
    expect((await other.fetch(new URL(`/api/v1/task/${task_id}?again=1`, BASE), { headers: json })).status).toBe(200)
  })

  it('rejects with the reason of an aborted signal, before or while it waits', async () => {
    const mock = createMock({
      scenario: 'version: 1\naccounts: [{ api_key: key-a, credits: 1 }]\nfaults: [{ match: { endpoint: usage }, delay: 1h }]',
      baseUrl: BASE,
    })
    const aborted = AbortSignal.abort()
    await expect(mock.fetch(`${BASE}/api/v1/account/usage`, { headers: json, signal: aborted })).rejects.toBe(aborted.reason)
    const controller = new AbortController()
    const waiting = mock.fetch(`${BASE}/api/v1/account/usage`, { headers: json, signal: controller.signal })
    controller.abort(new Error('gave up'))
    await expect(waiting).rejects.toThrow('gave up')
  })

  it('rejects malformed input as fetch does', async () => {
    const mock = createMock({ scenario: DROPS, baseUrl: BASE })
    await expect(mock.fetch(`${BASE}/api/v1/task/x`, { method: 'GET', body: 'no' })).rejects.toThrow(TypeError)
    await expect(mock.fetch(`${BASE}/api/v1/task/x`, { headers: { 'bad header': 'x' } })).rejects.toThrow(TypeError)
  })

  it('gives a Response that reads like any other: once, as text, JSON, bytes or a stream, and clones', async () => {
    const mock = createMock({ scenario: DROPS, baseUrl: BASE })
    await usage(mock).catch(() => undefined) // the dropped one
    const response = await usage(mock)
    expect(response).toBeInstanceOf(Response)
    expect(response.bodyUsed).toBe(false)
    const copy = response.clone()
    const text = await response.text()
    expect(response.bodyUsed).toBe(true)
    await expect(response.text()).rejects.toThrow(TypeError)
    await expect(response.arrayBuffer()).rejects.toThrow(TypeError)
    expect(() => response.clone()).toThrow(TypeError)
    expect(JSON.parse(text)).toEqual({ code: 200, data: { tasks_created: 0, credits_used: 0, credits_topped_up: 100 } })
    const streamed = await new Response(copy.body).text()
    expect(streamed).toBe(text)
    expect(copy.bodyUsed).toBe(true)
    const blob = await (await usage(mock)).blob()
    expect(blob.type).toBe('application/json')
    expect(await blob.text()).toBe(text)
  })
})
