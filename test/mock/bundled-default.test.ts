// One default everywhere (issue 13): createMock() and startServer() with no scenario serve the
// bundled scenarios/default.yaml as the CLI does, and a bundled scenario works by name in code.
import { readFileSync } from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import { bundledScenario, bundledScenarioNames, createMock, ScenarioInvalidError, startServer } from '../../src/index.js'
import { getResponse, type HttpHandler } from 'msw'

const BASE = 'https://audio.example.test'
const servers: { close(): Promise<void> }[] = []
afterAll(() => Promise.all(servers.map((server) => server.close())))

async function usage(handlers: HttpHandler[], key: string): Promise<number | undefined> {
  const response = await getResponse(handlers, new Request(`${BASE}/api/v1/account/usage`, { headers: { 'x-api-key': key } }))
  return response?.status
}

describe('the default scenario', () => {
  it('createMock() serves the accounts of scenarios/default.yaml, like the CLI', async () => {
    const mock = createMock({ baseUrl: BASE })
    expect(mock.scenario.name).toBe('default')
    expect(mock.accounts.list().map((account) => account.api_key)).toEqual(expect.arrayContaining(['demo-key', 'demo-key-2', 'low-key', 'broke-key']))
    expect(await usage(mock.handlers, 'demo-key')).toBe(200)
  })

  it('startServer() serves it too', async () => {
    const server = await startServer({ port: 0 })
    servers.push(server)
    const reply = await fetch(`${server.url}/api/v1/account/usage`, { headers: { 'x-api-key': 'demo-key' } })
    expect(reply.status).toBe(200)
    expect((await reply.json()).data.credits_topped_up).toBe(1000)
  })
})

describe('a bundled scenario by name', () => {
  it('works in createMock, startServer and reset, as --scenario NAME does on the command line', async () => {
    const mock = createMock({ scenario: 'happy-path', baseUrl: BASE })
    expect(mock.scenario.name).toBe('happy-path')
    mock.reset('multi-tenant')
    expect(mock.scenario.name).toBe('multi-tenant')
    const server = await startServer({ port: 0, scenario: 'rate-limited' })
    servers.push(server)
    const reply = await fetch(`${server.url}/api/v1/account/usage`, { headers: { 'x-api-key': 'demo-key' } })
    expect(reply.headers.get('x-ratelimit-limit')).toBe('10')
  })

  it('refuses an unknown name with the list of bundled ones, and leaves the mock as it was', () => {
    expect(() => createMock({ scenario: 'happy-paths' })).toThrow(ScenarioInvalidError)
    expect(() => createMock({ scenario: 'happy-paths' })).toThrow(/no bundled scenario named "happy-paths" \(bundled: .*happy-path,/)
    const mock = createMock({ scenario: 'timeouts' })
    expect(() => mock.reset('nope')).toThrow(/no bundled scenario named "nope"/)
    expect(mock.scenario.name).toBe('timeouts')
  })

  it('still takes scenario text: a one-line YAML mapping is not a name', () => {
    expect(createMock({ scenario: '{ version: 1, accounts: [{ api_key: k, credits: 1 }] }' }).accounts.list()).toHaveLength(1)
  })

  it('gives the bundled files to read or extend', () => {
    expect(bundledScenarioNames()).toEqual(expect.arrayContaining(['default', 'happy-path', 'flaky-create', 'multi-tenant']))
    expect(bundledScenario('happy-path')).toBe(readFileSync(new URL('../../scenarios/happy-path.yaml', import.meta.url), 'utf8'))
    expect(() => bundledScenario('nope')).toThrow(RangeError)
  })
})
