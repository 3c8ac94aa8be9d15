/**
 * The worlds' control plane without a transport (src/worlds/world-admin.ts): what the admin
 * routes answer, the same words as the default world's routes, and a refused world as an answer.
 */
import { describe, expect, it } from 'vitest'
import { AdminError } from '../../src/admin/admin-error.js'
import { resolveScenario } from '../../src/scenario/resolve-scenario.js'
import { loadWorldScenario, removeWorld, worldErrorAnswer, worldsAdminRoutes, worldsView } from '../../src/worlds/world-admin.js'
import { worldFactory } from '../../src/server/world-factory.js'
import { createWorldRegistry } from '../../src/worlds/world-registry.js'

const SERVER = resolveScenario('version: 1\nname: served\naccounts: [{ api_key: k, credits: 10 }]\n')
const REAL = Date.parse('2030-01-01T00:00:00.000Z')

function registry(maxWorlds = 10) {
  return createWorldRegistry({ create: worldFactory({ scenario: () => SERVER }), now: () => REAL, maxWorlds })
}

/** The AdminError `run` throws: its status and message, as the admin door answers them. */
function refusal(run: () => unknown): { status: number; message: string } {
  try {
    run()
  } catch (error) {
    if (error instanceof AdminError) return { status: error.status, message: error.message }
    throw error
  }
  throw new Error('expected an AdminError')
}

describe('the worlds admin', () => {
  it('lists the worlds with the limits (GET /__admin/worlds)', () => {
    const worlds = registry()
    worlds.use('one')
    expect(worldsView(worlds)).toEqual({
      count: 1,
      limits: { max_worlds: 10, idle_seconds: 1800, recent_seconds: 60 },
      worlds: [
        {
          name: 'one',
          scenario: 'served',
          accounts: 1,
          tasks: 0,
          created_at: '2030-01-01T00:00:00.000Z',
          last_used: '2030-01-01T00:00:00.000Z',
          idle_until: '2030-01-01T00:30:00.000Z',
        },
      ],
    })
  })

  it('removes a world (DELETE /__admin/worlds/{name}): 200, 404, 400', () => {
    const worlds = registry()
    worlds.use('one')
    expect(removeWorld(worlds, 'one')).toEqual({ name: 'one', removed: true })
    expect(refusal(() => removeWorld(worlds, 'one'))).toEqual({ status: 404, message: 'No world named "one"' })
    expect(refusal(() => removeWorld(worlds, 'a b')).status).toBe(400)
  })

  it('serves both as admin routes', () => {
    const worlds = registry()
    worlds.use('one')
    const routes = worldsAdminRoutes(worlds)
    expect(routes.map((route) => `${route.method} ${route.path}`)).toEqual(['GET /__admin/worlds', 'DELETE /__admin/worlds/:name'])
    expect(routes[1]!.run({ params: { name: 'one' }, query: {}, body: undefined, text: '' })).toEqual({ name: 'one', removed: true })
    expect(routes[0]!.run({ params: {}, query: {}, body: undefined, text: '' })).toMatchObject({ count: 0, worlds: [] })
  })

  it('loads a scenario into a world (PUT /worlds/{name}/__admin/scenario), making it, and answers its health', () => {
    const worlds = registry()
    const health = loadWorldScenario(worlds, 'fresh', 'version: 1\nname: loaded\naccounts: [{ api_key: z, credits: 1 }]\n')
    expect(health).toMatchObject({ status: 'ok', scenario: 'loaded', accounts: 1, tasks: 0 })
    expect(worlds.peek('fresh')?.scenario.name).toBe('loaded')
  })

  it('refuses a wrong or empty scenario with the default world route’s words, and makes no world', () => {
    const worlds = registry()
    expect(refusal(() => loadWorldScenario(worlds, 'w', '  '))).toEqual({
      status: 400,
      message: 'Expected a scenario (YAML or JSON) in the request body; it is empty',
    })
    expect(refusal(() => loadWorldScenario(worlds, 'w', 'version: 1\nseed: -3\n'))).toEqual({
      status: 400,
      message: expect.stringMatching(/^<request body>:2:7: seed: /),
    })
    expect(refusal(() => loadWorldScenario(worlds, 'no/pe', 'version: 1\n')).message).toMatch(/^World name "no\/pe" has "\/"/)
    expect(worlds.size).toBe(0)
  })

  it('answers a full registry 503 with Retry-After', () => {
    const worlds = registry(1)
    worlds.use('only')
    expect(refusal(() => loadWorldScenario(worlds, 'more', 'version: 1\n')).status).toBe(503)
    const refused = worlds.use('more')
    if (refused.ok) throw new Error('expected the registry to be full')
    expect(worldErrorAnswer(refused.error)).toEqual({
      status: 503,
      headers: { 'content-type': 'application/json', 'retry-after': '60' },
      body: JSON.stringify({ code: 503, message: refused.error.message }),
    })
    const named = worlds.use('bad name')
    expect(!named.ok && worldErrorAnswer(named.error)).toMatchObject({ status: 400, headers: { 'content-type': 'application/json' } })
  })
})
