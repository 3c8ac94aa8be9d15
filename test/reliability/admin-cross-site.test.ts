/**
 * What a web page open in the user's browser can make it send to the fake on 127.0.0.1, sent
 * here as raw bytes: bodies a cross-site form or `no-cors` fetch can carry (text/plain,
 * urlencoded, multipart, no type), a foreign or `null` Origin, `Sec-Fetch-Site: cross-site`, and
 * a foreign Host (what DNS rebinding sends). Each is refused with a JSON 4xx and changes nothing;
 * curl-like requests and the server's own pages (same origin) still pass. Every route answers an
 * empty or malformed Host with a JSON 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from '../../src/server/start-server.js'
import { snapshot } from '../support/hostile.js'
import { rawRequest, type RawAnswer } from '../support/raw-http.js'

const SCENARIO = 'version: 1\nseed: 3\naccounts: [{ api_key: demo-key, credits: 10 }]'
const TOP_UP = '{"credits":1000000}'

function expectJsonError(answer: RawAnswer, status: number, what: string): void {
  expect(answer.status, `${what}: ${answer.body}`).toBe(status)
  expect(answer.headers['content-type'], what).toMatch(/^application\/json/)
  expect(answer.json, what).toEqual({ code: status, message: expect.any(String) })
}

describe('the admin API refuses what a cross-site page can send (HTTP, 127.0.0.1)', () => {
  let running: RunningServer
  let port: number
  beforeAll(async () => {
    running = await startServer({ scenario: SCENARIO, port: 0, host: '127.0.0.1' })
    port = Number(new URL(running.url).port)
  })
  afterAll(() => running.close())

  it.each([
    ['text/plain (a <form enctype=text/plain>, a no-cors fetch)', { 'content-type': 'text/plain' }],
    ['text/plain;charset=UTF-8 (fetch with a string body)', { 'content-type': 'text/plain;charset=UTF-8' }],
    ['application/x-www-form-urlencoded', { 'content-type': 'application/x-www-form-urlencoded' }],
    ['multipart/form-data', { 'content-type': 'multipart/form-data; boundary=x' }],
    ['no Content-Type at all', {}],
  ])('a top-up body sent as %s → 415, no credits added', async (_what, headers) => {
    const before = snapshot(running.mock)
    const answer = await rawRequest(port, { method: 'POST', path: '/__admin/accounts/demo-key/top-up', headers, body: TOP_UP })
    expectJsonError(answer, 415, JSON.stringify(headers))
    expect(answer.json.message).toContain('application/json')
    expect(snapshot(running.mock)).toBe(before)
  })

  it('a scenario sent as text/plain → 415; as YAML or JSON types it loads', async () => {
    const before = snapshot(running.mock)
    const refused = await rawRequest(port, { method: 'PUT', path: '/__admin/scenario', headers: { 'content-type': 'text/plain' }, body: SCENARIO })
    expectJsonError(refused, 415, 'text/plain scenario')
    expect(refused.json.message).toContain('application/yaml')
    expect(snapshot(running.mock)).toBe(before)
    for (const type of ['application/yaml', 'application/x-yaml', 'text/yaml; charset=utf-8', 'application/json']) {
      const body = type === 'application/json' ? JSON.stringify({ version: 1, accounts: [{ api_key: 'demo-key', credits: 10 }] }) : SCENARIO
      const loaded = await rawRequest(port, { method: 'PUT', path: '/__admin/scenario', headers: { 'content-type': type }, body })
      expect(loaded.status, `${type}: ${loaded.body}`).toBe(200)
    }
  })

  it.each([
    ['a foreign Origin', { origin: 'http://evil.example' }, 'http://evil.example'],
    ['another loopback port', { origin: 'http://127.0.0.1:1' }, 'http://127.0.0.1:1'],
    ['Origin null (sandboxed frame, file://)', { origin: 'null' }, 'null'],
  ])('a body-less reset with %s → 403 naming the origin, nothing reset', async (_what, headers, named) => {
    await rawRequest(port, { method: 'POST', path: '/__admin/clock/advance', headers: { 'content-type': 'application/json' }, body: '{"by":"1h"}' })
    const before = snapshot(running.mock)
    const answer = await rawRequest(port, { method: 'POST', path: '/__admin/reset', headers })
    expectJsonError(answer, 403, named)
    expect(answer.json.message).toContain(named)
    expect(snapshot(running.mock)).toBe(before)
  })

  it('Sec-Fetch-Site cross-site or same-site without an Origin → 403', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const answer = await rawRequest(port, { method: 'POST', path: '/__admin/reset', headers: { 'sec-fetch-site': site } })
      expectJsonError(answer, 403, site)
    }
  })

  it('a foreign Host (DNS rebinding) → 403 on every admin route, reads included', async () => {
    const before = snapshot(running.mock)
    for (const [method, path] of [
      ['GET', '/__admin/accounts'],
      ['POST', '/__admin/reset'],
      ['GET', '/__admin/health'],
    ] as const) {
      const answer = await rawRequest(port, { method, path, host: `evil.example:${port}`, headers: { origin: `http://evil.example:${port}` } })
      expectJsonError(answer, 403, `${method} ${path}`)
      expect(answer.json.message).toContain(`evil.example:${port}`)
    }
    expect(snapshot(running.mock)).toBe(before)
  })

  it('passes curl-like requests, loopback names and the server own origin', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `127.0.0.2:${port}`, 'LOCALHOST']) {
      const answer = await rawRequest(port, { method: 'GET', path: '/__admin/health', host })
      expect(answer.status, host).toBe(200)
    }
    const sameOrigin = await rawRequest(port, {
      method: 'POST',
      path: '/__admin/accounts/demo-key/top-up',
      headers: { origin: `http://127.0.0.1:${port}`, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json; charset=utf-8' },
      body: '{"credits":5}',
    })
    expect(sameOrigin.status, sameOrigin.body).toBe(200)
    const bodyless = await rawRequest(port, { method: 'POST', path: '/__admin/reset', headers: { 'sec-fetch-site': 'none' } })
    expect(bodyless.status, bodyless.body).toBe(200)
  })

  it('with an admin token, any Host may be used (the token is the guard)', async () => {
    const guarded = await startServer({ scenario: SCENARIO, port: 0, host: '127.0.0.1', adminToken: 'open-sesame' })
    try {
      const guardedPort = Number(new URL(guarded.url).port)
      const answer = await rawRequest(guardedPort, {
        method: 'GET',
        path: '/__admin/health',
        host: 'mock.internal:4010',
        headers: { 'x-admin-token': 'open-sesame' },
      })
      expect(answer.status, answer.body).toBe(200)
    } finally {
      await guarded.close()
    }
  })
})

describe('an empty or malformed Host header → JSON 400 on every route', () => {
  let running: RunningServer
  let port: number
  beforeAll(async () => {
    running = await startServer({ scenario: SCENARIO, port: 0, host: '127.0.0.1' })
    port = Number(new URL(running.url).port)
  })
  afterAll(() => running.close())

  const ROUTES = [
    ['GET', '/api/v1/account/usage'],
    ['GET', '/api/v1/task/x'],
    ['POST', '/api/v1/task'],
    ['GET', '/__admin/health'],
    ['POST', '/__admin/reset'],
    ['GET', '/assets/audio/x.wav'],
    ['GET', '/nothing'],
  ] as const
  it.each(['', 'a b', '[::1', 'a/b', 'a@b', 'host:99999', 'host:x'])('Host %j', async (host) => {
    for (const [method, path] of ROUTES) {
      const answer = await rawRequest(port, { method, path, host, headers: { 'x-api-key': 'demo-key' } })
      expectJsonError(answer, 400, `${method} ${path} Host ${JSON.stringify(host)}`)
      expect(answer.json.message).toMatch(/Host/)
    }
  })
})
