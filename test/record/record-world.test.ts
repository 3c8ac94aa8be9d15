/**
 * Export and record per world (issue 28): the client session runs in the world `qa` of a fake
 * while other traffic goes to its default world and another world; the world's own export, and a
 * recording made through `record` with the world's URL as upstream, each replay the session in a
 * world of a fresh fake, field by field (ids and origins normalised).
 */
import { afterEach, expect, it } from 'vitest'
import { startRecordProxy } from '../../src/proxy/record-proxy.js'
import { parseUpstream } from '../../src/record/upstream-url.js'
import { parseScenario } from '../../src/scenario/index.js'
import { startServer } from '../../src/server/start-server.js'
import { clientSession, KEY, normalise, OTHER_KEY, PLACEHOLDERS, UPSTREAM_SCENARIO } from './session-support.js'

const started: Array<{ close(): Promise<void> }> = []
afterEach(async () => {
  await Promise.all(started.splice(0).map((server) => server.close()))
})

/** Creates in `base` until `done.stop`: traffic the world under test must not see. */
async function noise(base: string, done: { stop: boolean }): Promise<number> {
  let sent = 0
  const body = JSON.stringify({ model: 'music-model', task_type: 'lyrics', input: { prompt: 'noise' } })
  while (!done.stop) {
    await fetch(`${base}/api/v1/task`, { method: 'POST', headers: { 'x-api-key': KEY, 'content-type': 'application/json' }, body })
    sent += 1
  }
  return sent
}

async function replayInWorld(yaml: string): Promise<Awaited<ReturnType<typeof clientSession>>> {
  const parsed = parseScenario(yaml, 'world.yaml')
  expect(parsed.ok ? [] : parsed.errors).toEqual([])
  let wall = Date.parse('2027-05-05T12:00:00.000Z')
  const fake = await startServer({ wallNow: () => wall })
  started.push(fake)
  const world = `${fake.url}/worlds/qa`
  expect((await fetch(`${world}/__admin/scenario`, { method: 'PUT', headers: { 'content-type': 'application/yaml' }, body: yaml })).status).toBe(200)
  return clientSession(world, { key: 'recorded-key-1', other: 'recorded-key-2' }, (ms) => (wall += ms))
}

it("a world's export and a recording of the world replay its session, whatever the other worlds did", async () => {
  let wall = Date.parse('2026-11-02T10:00:00.000Z')
  const upstream = await startServer({ scenario: UPSTREAM_SCENARIO, wallNow: () => wall })
  started.push(upstream)
  const target = parseUpstream(`${upstream.url}/worlds/qa`)
  if ('error' in target) throw new Error(target.error)
  const proxy = await startRecordProxy({ upstream: target, now: () => wall })
  started.push(proxy)
  const done = { stop: false }
  const others = [noise(upstream.url, done), noise(`${upstream.url}/worlds/other`, done)]
  const answers = await clientSession(proxy.url, { key: KEY, other: OTHER_KEY }, (ms) => (wall += ms))
  done.stop = true
  expect(Math.min(...(await Promise.all(others)))).toBeGreaterThan(0)

  const exported = await (await fetch(`${upstream.url}/worlds/qa/__admin/export`)).text()
  expect(exported).not.toBe(await (await fetch(`${upstream.url}/__admin/export`)).text())
  expect(normalise(await replayInWorld(exported))).toEqual(normalise(answers, PLACEHOLDERS))
  expect(normalise(await replayInWorld(proxy.yaml()))).toEqual(normalise(answers, PLACEHOLDERS))
})
