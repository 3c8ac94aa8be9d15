/**
 * `/worlds/..` is no way into the default world (issue 40): a request line's dot segments were
 * resolved before the world was picked, so `POST /worlds/../__admin/clock/advance` moved the
 * default world's clock. A world segment `.` or `..` (also %-encoded) is a wrong world name
 * (400); dot segments after it stay inside the world, as the default world's stay inside the server.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startServer, type RunningServer } from '../../src/server/start-server.js'
import { rawRequest } from '../support/raw-http.js'

let running: RunningServer
let port: number
beforeAll(async () => {
  running = await startServer({ scenario: 'version: 1\nclock: { mode: manual, start: "2026-01-01T00:00:00.000Z" }\naccounts: [{ api_key: k, credits: 5 }]\n' })
  port = Number(new URL(running.url).port)
})
afterAll(() => running.close())

const advance = (path: string) => rawRequest(port, { method: 'POST', path, headers: { 'content-type': 'application/json' }, body: '{"by":"1h"}' })

it.each(['/worlds/../__admin/clock/advance', '/worlds/%2e%2e/__admin/clock/advance', '/worlds/.%2E/__admin/clock/advance', '/worlds/./__admin/clock/advance'])(
  '%s is refused with the world name error and moves no clock',
  async (path) => {
    const answer = await advance(path)
    expect(answer.status).toBe(400)
    expect(answer.json.message).toMatch(/^World name "\.\.?" is not allowed/)
    expect(running.clock.now().toISOString()).toBe('2026-01-01T00:00:00.000Z')
    expect(running.worlds.size).toBe(0)
  },
)

it('dot segments after the world name stay in that world', async () => {
  const answer = await advance('/worlds/a/../../../__admin/clock/advance')
  expect(answer.status).toBe(200)
  expect(running.clock.now().toISOString()).toBe('2026-01-01T00:00:00.000Z')
  expect(running.worlds.peek('a')?.clock.now().toISOString()).toBe('2026-01-01T01:00:00.000Z')
})
