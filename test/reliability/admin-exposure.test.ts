/**
 * The admin API on a real non-loopback bind: the server listens on 0.0.0.0 (every interface),
 * traffic goes only to 127.0.0.1. Without a token the admin API is closed (403) and the public
 * API works; with one, a missing, wrong or repeated-and-wrong token answers 401 and changes
 * nothing; keys are masked in the journal and in the CLI's --report output.
 */
import { once } from 'node:events'
import { request } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from '../../src/server/start-server.js'
import { startCli } from '../support/spawn-cli.js'
import { call, expectSound, snapshot } from '../support/hostile.js'

const SECRET_KEY = 'sk-live-4f9a8c2e77d1'
const SCENARIO = `
version: 1
seed: 2
accounts:
  - { api_key: ${SECRET_KEY}, credits: 100 }
`
const music = JSON.stringify({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: 'calm' } })
const asPublic = { 'x-api-key': SECRET_KEY, 'content-type': 'application/json' }

/** The server's port, reached through loopback only. */
const loopback = (running: { url: string }): string => `http://127.0.0.1:${new URL(running.url).port}`

/** Sends raw header lines (repeated names kept as separate lines), which fetch would merge. */
function rawGet(origin: string, path: string, headers: Array<[string, string]>): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${origin}${path}`, { method: 'GET', headers: [['host', new URL(origin).host], ...headers].flat() }, (res) => {
      let text = ''
      res.on('data', (chunk: Buffer) => (text += chunk.toString()))
      res.on('end', () => resolve({ status: res.statusCode!, text }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('admin exposure on 0.0.0.0 (traffic to 127.0.0.1 only)', () => {
  let running: RunningServer | null = null
  afterEach(async () => {
    await running?.close()
    running = null
  })

  it('without a token: the admin API is closed (403, nothing changes), the public API works', async () => {
    running = await startServer({ scenario: SCENARIO, host: '0.0.0.0', port: 0 })
    expect(running.url).toMatch(/^http:\/\/0\.0\.0\.0:\d+$/)
    const origin = loopback(running)
    const before = snapshot(running.mock)
    for (const [method, path, body] of [
      ['GET', '/__admin/health'],
      ['POST', '/__admin/reset', ''],
      ['POST', '/__admin/clock/advance', '{"by":"1h"}'],
      ['POST', '/__admin/accounts', '{"api_key":"x","credits":1}'],
      ['GET', '/__admin/nothing'],
    ] as const) {
      const reply = await call(origin, method, path, { body, headers: { authorization: 'Bearer guess', 'content-type': 'application/json' } })
      expectSound(reply, `${method} ${path}`)
      expect(reply.status, path).toBe(403)
      expect(reply.json.message).toMatch(/^The admin API is closed: the server listens on 0\.0\.0\.0, not a loopback address/)
    }
    expect(snapshot(running.mock)).toBe(before)
    expect((await call(origin, 'POST', '/api/v1/task', { body: music, headers: asPublic })).status).toBe(202)
    expect((await call(origin, 'GET', '/api/v1/account/usage', { headers: asPublic })).json.data.tasks_created).toBe(1)
  })

  it('with a token: none, wrong, or wrong among repeated headers → 401 and nothing changes; the right one → 200', async () => {
    running = await startServer({ scenario: SCENARIO, host: '0.0.0.0', port: 0, adminToken: 'open-sesame' })
    const origin = loopback(running)
    const before = snapshot(running.mock)
    for (const headers of [
      {},
      { authorization: 'Bearer open-sesam' },
      { authorization: 'Bearer open-sesame-2' },
      { 'x-admin-token': '' },
      { authorization: 'Basic open-sesame' },
      { 'x-admin-token': 'OPEN-SESAME' },
    ] as Array<Record<string, string>>) {
      const reply = await call(origin, 'POST', '/__admin/clock/advance', { body: '{"by":"1h"}', headers: { ...headers, 'content-type': 'application/json' } })
      expectSound(reply, JSON.stringify(headers))
      expect(reply.status, JSON.stringify(headers)).toBe(401)
    }
    for (const lines of [
      [
        ['x-admin-token', 'wrong'],
        ['x-admin-token', 'open-sesame'],
      ],
      [
        ['x-admin-token', 'open-sesame'],
        ['x-admin-token', 'wrong'],
      ],
      [
        ['authorization', 'Bearer wrong'],
        ['authorization', 'Bearer open-sesame'],
      ],
    ] as Array<Array<[string, string]>>) {
      const reply = await rawGet(origin, '/__admin/health', lines)
      expect(reply.status, JSON.stringify(lines)).toBe(401)
      expect(JSON.parse(reply.text)).toMatchObject({ code: 401 })
    }
    expect(snapshot(running.mock)).toBe(before)
    expect((await call(origin, 'GET', '/__admin/health', { headers: { authorization: 'Bearer open-sesame' } })).status).toBe(200)
    expect((await call(origin, 'GET', '/__admin/health', { headers: { 'x-admin-token': 'open-sesame' } })).status).toBe(200)
  })

  it('masks keys in GET /__admin/journal and /__admin/report', async () => {
    running = await startServer({ scenario: SCENARIO, host: '0.0.0.0', port: 0, adminToken: 'open-sesame' })
    const origin = loopback(running)
    await call(origin, 'POST', '/api/v1/task', { body: music, headers: asPublic })
    await call(origin, 'GET', '/api/v1/account/usage', { headers: asPublic })
    await call(origin, 'GET', '/api/v1/account/usage', { headers: { 'x-api-key': 'sk-test-unknown-key-99' } })
    for (const path of ['/__admin/journal', '/__admin/report']) {
      const reply = await call(origin, 'GET', path, { headers: { 'x-admin-token': 'open-sesame' } })
      expect(reply.status).toBe(200)
      expect(reply.text).toContain('sk-l…77d1')
      expect(reply.text).not.toContain(SECRET_KEY)
      expect(reply.text).not.toContain('sk-test-unknown-key-99')
    }
  })

  it('masks keys in the CLI --report printed on exit, bound to 0.0.0.0', async () => {
    const cli = await startCli(['--host', '0.0.0.0', '--port', '0', '--report', '--admin-token', 'open-sesame'])
    expect(cli.url).toMatch(/^http:\/\/0\.0\.0\.0:\d+$/)
    const origin = loopback(cli)
    const created = await call(origin, 'POST', '/__admin/accounts', {
      body: JSON.stringify({ api_key: SECRET_KEY, credits: 50 }),
      headers: { 'x-admin-token': 'open-sesame', 'content-type': 'application/json' },
    })
    expect(created.status).toBe(201)
    for (let i = 0; i < 3; i++) await call(origin, 'GET', '/api/v1/account/usage', { headers: asPublic })
    const closed = once(cli.child, 'close')
    cli.child.kill('SIGTERM')
    const [code] = (await closed) as [number | null]
    expect(code).toBe(0)
    expect(cli.output()).toContain('sk-l…77d1: 3 request(s)')
    expect(cli.output()).not.toContain(SECRET_KEY)
  })
})
