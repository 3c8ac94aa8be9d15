/** `/__admin` as HTTP: unknown routes, wrong methods, malformed bodies, and who may use it. */
import { getResponse } from 'msw'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { adminGuard, isLoopback } from '../../src/admin/admin-auth.js'
import { createHandlers } from '../../src/doors/msw-handlers.js'
import { createMock } from '../../src/mock/create-mock.js'
import { startServer, type RunningServer } from '../../src/server/start-server.js'
import { adminHttpDriver, adminInProcessDriver, type Driven, type Driver } from '../support/admin-drivers.js'
import { CONTRACT_SCENARIO } from '../support/scenarios.js'

describe.each([adminInProcessDriver(), adminHttpDriver()])('admin routes: $name', (driver: Driver) => {
  let fake: Driven
  beforeAll(() => driver.setup())
  afterAll(() => driver.teardown())
  afterEach(() => driver.stop())

  it('answers unknown routes 404 and wrong methods 405 with Allow, as JSON', async () => {
    fake = await driver.start(CONTRACT_SCENARIO)
    const unknown = await fake.call('GET', '/__admin/nothing', { key: null })
    expect(unknown.status).toBe(404)
    expect(unknown.json).toEqual({ code: 404, message: 'No such admin route: GET /__admin/nothing' })
    const wrong = await fake.call('DELETE', '/__admin/tasks/abc', { key: null })
    expect(wrong.status).toBe(405)
    expect(wrong.headers.get('allow')).toBe('GET')
    expect(wrong.headers.get('content-type')).toMatch(/^application\/json/)
    expect(wrong.json).toEqual({ code: 405, message: 'Method DELETE is not allowed on /__admin/tasks/abc; use GET' })
    expect((await fake.call('GET', '/__admin/accounts/key-a/top-up', { key: null })).headers.get('allow')).toBe('POST')
  })

  it('answers malformed JSON, unknown fields and a non-object body with 400, changing nothing', async () => {
    fake = await driver.start(CONTRACT_SCENARIO)
    const malformed = await fake.call('POST', '/__admin/accounts', { key: null, body: '{"api_key":' })
    expect(malformed.status).toBe(400)
    expect(malformed.json.message).toMatch(/^Malformed JSON body: /)
    const extra = await fake.call('POST', '/__admin/accounts', { key: null, body: { api_key: 'w', credits: 1, credit: 2 } })
    expect(extra.json).toEqual({ code: 400, message: 'unknown field "credit"; expected api_key, credits' })
    const list = await fake.call('POST', '/__admin/accounts/key-a/top-up', { key: null, body: [5] })
    expect(list.json).toEqual({ code: 400, message: 'expected a JSON object in the body, got a list' })
    const missing = await fake.call('POST', '/__admin/accounts', { key: null, body: {} })
    expect(missing.json).toEqual({ code: 400, message: 'api_key: required: an API key (a non-empty string)' })
    expect((await fake.call('GET', '/__admin/accounts', { key: null })).json).toHaveLength(4)
    const empty = await fake.call('PUT', '/__admin/scenario', { key: null, body: '' })
    expect(empty.json).toEqual({ code: 400, message: 'Expected a scenario (YAML or JSON) in the request body; it is empty' })
  })

  it('loads a scenario with PUT /__admin/scenario, YAML or JSON, and refuses a broken one with every mistake', async () => {
    fake = await driver.start(CONTRACT_SCENARIO)
    const yaml = await fake.call('PUT', '/__admin/scenario', {
      key: null,
      body: 'version: 1\nname: put\naccounts: [{ api_key: p, credits: 2 }]\n',
      headers: { 'content-type': 'application/yaml' },
    })
    expect(yaml.json).toMatchObject({ status: 'ok', scenario: 'put', accounts: 1 })
    const json = await fake.call('PUT', '/__admin/scenario', { key: null, body: { version: 1, name: 'put-json' } })
    expect(json.json).toMatchObject({ scenario: 'put-json', accounts: 0 })
    const broken = await fake.call('PUT', '/__admin/scenario', { key: null, body: 'version: 2\nseed: -1\n' })
    expect(broken.json).toEqual({
      code: 400,
      message:
        '<request body>:1:10: version: expected 1 (the only version of the scenario format), got 2\n<request body>:2:7: seed: expected an integer from 0 to 4294967295, got -1',
    })
    expect((await fake.call('GET', '/__admin/health', { key: null })).json.scenario).toBe('put-json')
  })
})

describe('admin access', () => {
  let running: RunningServer
  afterEach(() => running?.close())

  it('requires the token given at start, as a Bearer token or x-admin-token; the public API does not', async () => {
    running = await startServer({ scenario: CONTRACT_SCENARIO, port: 0, host: '127.0.0.1', adminToken: 's3cret' })
    const health = (headers: Record<string, string> = {}) => fetch(`${running.url}/__admin/health`, { headers })
    const none = await health()
    expect(none.status).toBe(401)
    expect(await none.json()).toEqual({ code: 401, message: 'Admin token required: send it as "Authorization: Bearer TOKEN" or in the x-admin-token header' })
    expect(await (await health({ authorization: 'Bearer s3cre' })).json()).toEqual({ code: 401, message: 'Invalid admin token' })
    expect((await health({ authorization: 'Bearer s3cret' })).status).toBe(200)
    expect((await health({ 'x-admin-token': 's3cret' })).status).toBe(200)
    expect((await fetch(`${running.url}/__admin/nothing`)).status).toBe(401)
    expect((await fetch(`${running.url}/api/v1/account/usage`, { headers: { 'x-api-key': 'key-a' } })).status).toBe(200)
  })

  it('keeps the admin API closed on a non-loopback host without a token (checked in-process: no traffic leaves loopback)', async () => {
    const mock = createMock({ scenario: CONTRACT_SCENARIO })
    const closed = createHandlers(mock, { adminGuard: adminGuard({ exposedOn: '0.0.0.0' }) })
    const response = await getResponse(closed, new Request('http://audio.mock.test/__admin/health'))
    expect(response?.status).toBe(403)
    expect(await response?.json()).toEqual({
      code: 403,
      message:
        'The admin API is closed: the server listens on 0.0.0.0, not a loopback address, and was started without an admin token (--admin-token or AUDIO_TASK_MOCK_ADMIN_TOKEN)',
    })
    const open = createHandlers(mock, { adminGuard: adminGuard({ exposedOn: '0.0.0.0', token: 't' }) })
    const allowed = await getResponse(open, new Request('http://audio.mock.test/__admin/health', { headers: { authorization: 'Bearer t' } }))
    expect(allowed?.status).toBe(200)
  })

  it('refuses an empty token at start', () => {
    expect(() => adminGuard({ token: '' })).toThrow('the admin token must not be empty')
  })

  it.each([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['localhost', true],
    ['::1', true],
    ['[::1]', true],
    ['::ffff:127.0.0.1', true],
    ['0.0.0.0', false],
    ['::', false],
    ['192.168.1.20', false],
    ['example.test', false],
  ])('isLoopback(%s) is %s', (host, expected) => {
    expect(isLoopback(host)).toBe(expected)
  })
})
