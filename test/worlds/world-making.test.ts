/**
 * Who makes a world (issue 40, defect 3): only a request the fake accepts and that changes
 * something, a create answered 202 or an admin write answered 2xx. Refused traffic (401, 403,
 * 404, 400, cross-site `<img>` GETs) and reads make none and evict none; a read of a world that
 * does not exist is answered as that world would answer when new. And what a 202 says exists,
 * exists (defect 11): a create whose body arrives after its world went is made in the world of
 * that name as it is then. Through the dispatch, as every door calls it; time is a hand-moved number.
 */
import { describe, expect, it } from 'vitest'
import { adminGuard } from '../../src/admin/admin-auth.js'
import { createDispatch } from '../../src/dispatch/dispatch.js'
import type { DispatchRequest, DoorOutcome } from '../../src/dispatch/request.js'
import { createMockCore, type MockCore } from '../../src/mock/mock-core.js'
import { resolveScenario } from '../../src/scenario/resolve-scenario.js'
import { disposeWorld, worldFactory } from '../../src/server/world-factory.js'
import { createWorldRegistry, type WorldRegistryOptions } from '../../src/worlds/world-registry.js'

const SERVER = resolveScenario('version: 1\naccounts: [{ api_key: k, credits: 1000 }]\n')
const BASE = 'http://127.0.0.1:4010'
const lyrics = JSON.stringify({ model: 'music-model', task_type: 'lyrics', input: { prompt: 'x' } })

interface Sent {
  headers?: Record<string, string>
  /** The body, or a promise of it (a body still arriving). */
  body?: string | Promise<string>
}

function request(method: string, target: string, { headers = {}, body = '' }: Sent = {}): DispatchRequest {
  const [path, search = ''] = target.split('?')
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]))
  return {
    method,
    path: path!,
    search: search === '' ? '' : `?${search}`,
    base: BASE,
    headers: { get: (name) => lower[name] ?? null },
    body: async () => new TextEncoder().encode(await body),
  }
}

function setup(options: Partial<WorldRegistryOptions<MockCore>> = {}, token?: string) {
  const time = { now: 1_000_000 }
  const worlds = createWorldRegistry<MockCore>({
    create: worldFactory({ scenario: () => SERVER }),
    dispose: disposeWorld,
    now: () => time.now,
    ...options,
  })
  const dispatch = createDispatch(createMockCore({ scenario: SERVER }), {
    ownsBase: true,
    adminGuard: adminGuard({ token, crossSiteChecks: true }),
    typedAdminBodies: true,
    worlds,
  })
  const send = async (method: string, target: string, sent?: Sent): Promise<{ status: number; body: string }> => {
    const outcome = (await dispatch(request(method, target, sent))) as DoorOutcome & { drop?: undefined }
    return { status: outcome.status, body: String(outcome.body) }
  }
  return { worlds, send, pass: (ms: number) => void (time.now += ms) }
}

const key = { 'x-api-key': 'k' }
const json = { 'content-type': 'application/json' }

describe('who makes a world', () => {
  it('200 requests refused 401 (no key, an unknown key) make no world', async () => {
    const { worlds, send } = setup()
    for (let index = 0; index < 100; index++) {
      expect((await send('GET', `/worlds/n${index}/api/v1/account/usage`)).status).toBe(401)
      expect((await send('POST', `/worlds/u${index}/api/v1/task`, { headers: { 'x-api-key': 'nope', ...json }, body: lyrics })).status).toBe(401)
    }
    expect(worlds.size).toBe(0)
  })

  it('admin requests refused 401 or 403 (no token, a foreign Origin, a cross-site fetch) make no world', async () => {
    const { worlds, send } = setup({}, 'admin-secret')
    expect((await send('POST', '/worlds/a/__admin/reset')).status).toBe(401)
    const cross = { authorization: 'Bearer admin-secret', origin: 'https://evil.example' }
    expect((await send('POST', '/worlds/b/__admin/reset', { headers: cross })).status).toBe(403)
    const site = { authorization: 'Bearer admin-secret', 'sec-fetch-site': 'cross-site' }
    expect((await send('PUT', '/worlds/c/__admin/scenario', { headers: site, body: 'version: 1' })).status).toBe(403)
    expect(worlds.size).toBe(0)
  })

  it('paths of no route (404, 405) and refused bodies (400) make no world', async () => {
    const { worlds, send } = setup()
    expect((await send('GET', '/worlds/a/nothing/here')).status).toBe(404)
    expect((await send('DELETE', '/worlds/b/api/v1/task')).status).toBe(405)
    expect((await send('POST', '/worlds/c/api/v1/task', { headers: { ...key, ...json }, body: '{"task_type":"nope"}' })).status).toBe(400)
    expect((await send('PUT', '/worlds/d/__admin/scenario', { headers: { 'content-type': 'application/yaml' }, body: 'version: [' })).status).toBe(400)
    expect(worlds.size).toBe(0)
  })

  it('a cross-site <img> GET and other reads are answered as the new world would answer, and make none', async () => {
    const { worlds, send } = setup()
    const img = { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' }
    expect((await send('GET', '/worlds/a/api/v1/account/usage', { headers: img })).status).toBe(401)
    expect((await send('GET', '/worlds/a/openapi.json', { headers: img })).status).toBe(200)
    expect((await send('GET', '/worlds/a/assets/image/x.png', { headers: img })).status).toBe(404)
    const usage = await send('GET', '/worlds/b/api/v1/account/usage', { headers: key })
    expect(usage.status).toBe(200)
    expect(JSON.parse(usage.body).data).toEqual({ tasks_created: 0, credits_used: 0, credits_topped_up: 1000 })
    expect((await send('GET', '/worlds/c/__admin/health')).status).toBe(200)
    expect((await send('GET', '/worlds/c/__admin/tasks')).body).toBe('[]')
    expect(worlds.size).toBe(0)
  })

  it('a create answered 202 makes the world, with its task; an admin write answered 2xx makes one', async () => {
    const { worlds, send } = setup()
    const created = await send('POST', '/worlds/a/api/v1/task', { headers: { ...key, ...json }, body: lyrics })
    expect(created.status).toBe(202)
    const id = JSON.parse(created.body).data.task_id as string
    expect((await send('GET', `/worlds/a/api/v1/task/${id}`, { headers: key })).status).toBe(200)
    expect((await send('POST', '/worlds/b/__admin/reset')).status).toBe(200)
    const added = await send('POST', '/worlds/c/__admin/accounts', { headers: json, body: '{"api_key":"c-key","credits":5}' })
    expect(added.status).toBe(201)
    expect(worlds.list().map((world) => [world.name, world.tasks, world.accounts])).toEqual([
      ['a', 1, 1],
      ['b', 0, 1],
      ['c', 0, 2],
    ])
  })

  it('at the cap, refused traffic evicts no world, however long the others were quiet', async () => {
    const { worlds, send, pass } = setup({ maxWorlds: 2, recentMs: 1_000, idleMs: 3_600_000 })
    for (const name of ['a', 'b']) expect((await send('POST', `/worlds/${name}/__admin/reset`)).status).toBe(200)
    pass(60_000)
    for (let index = 0; index < 50; index++) {
      await send('GET', `/worlds/x${index}/api/v1/account/usage`)
      await send('POST', `/worlds/y${index}/api/v1/task`, { headers: { ...key, ...json }, body: '{}' })
    }
    expect(worlds.list().map((world) => world.name)).toEqual(['a', 'b'])
    // An accepted create evicts the least recently used, as before.
    expect((await send('POST', '/worlds/z/api/v1/task', { headers: { ...key, ...json }, body: lyrics })).status).toBe(202)
    expect(worlds.list().map((world) => world.name)).toEqual(['b', 'z'])
  })
})

describe('what a 202 says exists, exists (defect 11)', () => {
  it('a create whose body arrives after its world was removed is made in the world of that name as it is then', async () => {
    const { worlds, send } = setup()
    expect((await send('POST', '/worlds/a/__admin/reset')).status).toBe(200)
    let arrive: (body: string) => void = () => undefined
    const body = new Promise<string>((resolve) => (arrive = resolve))
    const pending = send('POST', '/worlds/a/api/v1/task', { headers: { ...key, ...json }, body })
    expect(worlds.remove('a').ok).toBe(true)
    arrive(lyrics)
    const created = await pending
    expect(created.status).toBe(202)
    const id = JSON.parse(created.body).data.task_id as string
    expect(worlds.peek('a')?.world.task(id)?.id).toBe(id)
    expect((await send('GET', `/worlds/a/api/v1/task/${id}`, { headers: key })).status).toBe(200)
  })

  it('a create into a world that does not exist yet, while another request makes it, lands in that world', async () => {
    const { worlds, send } = setup()
    let arrive: (body: string) => void = () => undefined
    const body = new Promise<string>((resolve) => (arrive = resolve))
    const pending = send('POST', '/worlds/a/api/v1/task', { headers: { ...key, ...json }, body })
    expect((await send('POST', '/worlds/a/__admin/accounts', { headers: json, body: '{"api_key":"other","credits":1}' })).status).toBe(201)
    const made = worlds.peek('a')
    arrive(lyrics)
    expect((await pending).status).toBe(202)
    expect(worlds.peek('a')).toBe(made)
    expect([...made!.world.tasks.keys()]).toHaveLength(1)
  })
})

describe('worlds restored at start', () => {
  it('count as quiet: at the cap, a new world evicts the oldest at once (no 503 for a minute)', async () => {
    const { worlds, send } = setup({ maxWorlds: 3, recentMs: 60_000 })
    for (const name of ['r1', 'r2', 'r3']) expect(worlds.restore(name).ok).toBe(true)
    const created = await send('POST', '/worlds/new/api/v1/task', { headers: { ...key, ...json }, body: lyrics })
    expect(created.status).toBe(202)
    expect(worlds.list().map((world) => world.name)).toEqual(['new', 'r2', 'r3'])
  })
})
