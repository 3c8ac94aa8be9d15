/**
 * Documented limits on what the admin API takes (docs/control-plane.md, Limits): an API key of 1 to 256
 * visible ASCII characters, at most 100,000 accounts, admin bodies (scenarios included) of at
 * most 1 MiB. Each refusal is a JSON 4xx that says which limit, and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_ACCOUNTS } from '../../src/admin/operations.js'
import { ADMIN_BODY_LIMIT } from '../../src/dispatch/admin-answer.js'
import { createMock } from '../../src/mock/create-mock.js'
import { startServer, type RunningServer } from '../../src/server/start-server.js'
import { call, expectSound, snapshot } from '../support/hostile.js'

const json = { 'content-type': 'application/json' }

describe('admin input limits over HTTP', () => {
  let running: RunningServer
  beforeAll(async () => {
    running = await startServer({ scenario: 'version: 1\naccounts: [{ api_key: key-a, credits: 10 }]', port: 0 })
  })
  afterAll(() => running.close())

  it.each([
    ['257 characters', 'k'.repeat(257), 'at most 256'],
    ['a space', 'my key', 'visible ASCII'],
    ['a control character', 'key\u0001', 'visible ASCII'],
    ['non-ASCII', 'clé', 'visible ASCII'],
  ])('refuses an api_key with %s (400), creating nothing', async (_what, key, words) => {
    const before = snapshot(running.mock)
    const reply = await call(running.url, 'POST', '/__admin/accounts', { body: JSON.stringify({ api_key: key, credits: 1 }), headers: json })
    expectSound(reply, key)
    expect(reply.status).toBe(400)
    expect(reply.json.message).toMatch(/^api_key: /)
    expect(reply.json.message).toContain(words)
    expect(snapshot(running.mock)).toBe(before)
  })

  it('takes a 256-character key, and answers the account list with it', async () => {
    const key = `${'k'.repeat(250)}-!~{}`
    expect((await call(running.url, 'POST', '/__admin/accounts', { body: JSON.stringify({ api_key: key, credits: 1 }), headers: json })).status).toBe(201)
    const listed = await call(running.url, 'GET', '/__admin/accounts')
    expect(listed.status).toBe(200)
    expect(listed.json.map((account: { api_key: string }) => account.api_key)).toContain(key)
  })

  it('refuses a 4 MiB key (the body is over the 1 MiB admin limit: 413) and a scenario over 1 MiB', async () => {
    expect(ADMIN_BODY_LIMIT).toBe(1024 * 1024)
    const before = snapshot(running.mock)
    const key = await call(running.url, 'POST', '/__admin/accounts', {
      body: JSON.stringify({ api_key: 'k'.repeat(4 * 1024 * 1024), credits: 1 }),
      headers: json,
    })
    expectSound(key, '4 MiB key')
    expect(key.status).toBe(413)
    expect(key.json.message).toContain('the limit is 1048576 bytes')
    const scenario = `version: 1\ndescription: "${'x'.repeat(ADMIN_BODY_LIMIT)}"\n`
    const loaded = await call(running.url, 'PUT', '/__admin/scenario', { body: scenario, headers: { 'content-type': 'application/yaml' } })
    expectSound(loaded, 'scenario over 1 MiB')
    expect(loaded.status).toBe(413)
    expect(snapshot(running.mock)).toBe(before)
  })
})

it(`refuses the account after ${MAX_ACCOUNTS} with a 409 that names the limit`, () => {
  expect(MAX_ACCOUNTS).toBe(100_000)
  const mock = createMock({ scenario: 'version: 1\naccounts: [{ api_key: first, credits: 1 }]' })
  for (let i = 1; i < MAX_ACCOUNTS; i++) mock.world.addAccount(`k${i}`, 1)
  expect(mock.world.accounts.size).toBe(MAX_ACCOUNTS)
  expect(() => mock.accounts.create('one-more', 1)).toThrow(
    expect.objectContaining({ status: 409, message: expect.stringContaining('at most 100000 accounts') }),
  )
  expect(mock.world.accounts.has('one-more')).toBe(false)
  mock.accounts.remove('k1')
  expect(mock.accounts.create('one-more', 1).api_key).toBe('one-more')
})
