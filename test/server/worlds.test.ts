/**
 * Worlds over HTTP (issue 28): `/worlds/{name}` is a whole fake of its own, made on first use from
 * the server's scenario; its URLs carry its prefix; `GET /__admin/worlds` lists the worlds and
 * `DELETE /__admin/worlds/{name}` removes one; the cap answers 503 with Retry-After.
 */
import { afterEach, expect, it } from 'vitest'
import { startServer, type RunningServer } from '../../src/server/start-server.js'

const SCENARIO = `
version: 1
clock: { mode: manual, start: "2026-01-01T00:00:00.000Z" }
accounts: [{ api_key: k, credits: 100 }]
timelines:
  default: [{ status: success }]
`
const key = { 'x-api-key': 'k' }
const json = { 'content-type': 'application/json' }

let running: RunningServer | null = null
afterEach(async () => {
  await running?.close()
  running = null
})

const music = JSON.stringify({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: 'rain' } })

it('serves a named world under its prefix, with its own state and URLs that carry the prefix', async () => {
  running = await startServer({ scenario: SCENARIO })
  const world = `${running.url}/worlds/team-a.1`
  const created = await (await fetch(`${world}/api/v1/task`, { method: 'POST', headers: { ...key, ...json }, body: music })).json()
  const task = await (await fetch(`${world}/api/v1/task/${created.data.task_id}`, { headers: key })).json()
  expect(task.data.status).toBe('success')
  expect(task.data.output.result[0].audio_url).toMatch(new RegExp(`^${world}/assets/audio/`))
  expect((await fetch(task.data.output.result[0].audio_url)).status).toBe(200)
  const document = await (await fetch(`${world}/openapi.json`)).json()
  expect(document.servers[0].url).toBe(world)
  // The default world saw none of it; the world's own admin shows it.
  expect((await (await fetch(`${running.url}/api/v1/account/usage`, { headers: key })).json()).data.tasks_created).toBe(0)
  expect((await (await fetch(`${world}/api/v1/account/usage`, { headers: key })).json()).data.tasks_created).toBe(1)
  expect(await (await fetch(`${world}/__admin/tasks`)).json()).toHaveLength(1)
  // A clock move in the world moves its clock only.
  await fetch(`${world}/__admin/clock/advance`, { method: 'POST', headers: json, body: '{"by":"1h"}' })
  expect((await (await fetch(`${world}/__admin/clock`)).json()).now).toBe('2026-01-01T01:00:00.000Z')
  expect((await (await fetch(`${running.url}/__admin/clock`)).json()).now).toBe('2026-01-01T00:00:00.000Z')
})

it('lists worlds and removes one; a removed world starts afresh on its next use', async () => {
  running = await startServer({ scenario: SCENARIO })
  await fetch(`${running.url}/worlds/w1/api/v1/task`, { method: 'POST', headers: { ...key, ...json }, body: music })
  // A read makes no world (issue 40); an admin write does.
  expect((await fetch(`${running.url}/worlds/w2/__admin/health`)).status).toBe(200)
  expect((await fetch(`${running.url}/worlds/w2/__admin/reset`, { method: 'POST' })).status).toBe(200)
  const listed = await (await fetch(`${running.url}/__admin/worlds`)).json()
  expect(listed.worlds.map((world: { name: string; tasks: number }) => [world.name, world.tasks])).toEqual([
    ['w1', 1],
    ['w2', 0],
  ])
  expect(listed.limits).toEqual({ max_worlds: 1000, idle_seconds: 1800, recent_seconds: 60 })
  const removed = await fetch(`${running.url}/__admin/worlds/w1`, { method: 'DELETE' })
  expect(await removed.json()).toEqual({ name: 'w1', removed: true })
  const missing = await fetch(`${running.url}/__admin/worlds/w1`, { method: 'DELETE' })
  expect(missing.status).toBe(404)
  expect(await missing.json()).toEqual({ code: 404, message: 'No world named "w1"' })
  const again = await (await fetch(`${running.url}/worlds/w1/api/v1/account/usage`, { headers: key })).json()
  expect(again.data.tasks_created).toBe(0)
})

it('refuses a bad name with a 400 that says why, and past the cap a new world with a 503 and Retry-After', async () => {
  running = await startServer({ scenario: SCENARIO, worlds: { maxWorlds: 1 } })
  const bad = await fetch(`${running.url}/worlds/a%20b/api/v1/account/usage`, { headers: key })
  expect(bad.status).toBe(400)
  expect((await bad.json()).message).toMatch(/^World name "a b" has " " \(U\+0020\) at character 2/)
  expect((await fetch(`${running.url}/worlds/first/api/v1/task`, { method: 'POST', headers: { ...key, ...json }, body: music })).status).toBe(202)
  const full = await fetch(`${running.url}/worlds/second/api/v1/account/usage`, { headers: key })
  expect(full.status).toBe(503)
  expect(Number(full.headers.get('retry-after'))).toBeGreaterThan(0)
  expect((await full.json()).message).toMatch(/^Too many worlds: 1 exist/)
})

it('keeps the admin rules in every world: a foreign Origin is refused there too', async () => {
  running = await startServer({ scenario: SCENARIO })
  const refused = await fetch(`${running.url}/worlds/w/__admin/reset`, { method: 'POST', headers: { origin: 'https://evil.example' } })
  expect(refused.status).toBe(403)
})
