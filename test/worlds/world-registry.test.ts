/**
 * The world registry: named worlds made on first use, each a whole fake of its own; loading
 * another scenario; listing and removing; and its bounds (idle time, cap, the last minute's
 * worlds never evicted, least recently used first). Time is a hand-moved number: nothing waits.
 */
import { describe, expect, it } from 'vitest'
import type { MockCore } from '../../src/mock/mock-core.js'
import { resolveScenario } from '../../src/scenario/resolve-scenario.js'
import { worldFactory } from '../../src/server/world-factory.js'
import { createWorldRegistry, type WorldRegistryOptions, type WorldResult } from '../../src/worlds/world-registry.js'

const SERVER = resolveScenario(`
version: 1
name: server-scenario
clock: { mode: manual, start: "2026-01-01T00:00:00.000Z", tick: 10s }
accounts: [{ api_key: k, credits: 100 }]
timelines: { default: [{ status: pending, for: 15s }, { status: success }] }
`)
const OTHER = 'version: 1\nname: other\naccounts: [{ api_key: other-key, credits: 5 }]\n'
const REAL = Date.parse('2030-01-01T00:00:00.000Z')
const lyrics = { type: 'lyrics', model: 'music-model', mode: null, mv: null, input: { prompt: 'x' } } as const

function registry(options: Partial<WorldRegistryOptions<MockCore>> = {}) {
  const time = { now: REAL }
  const worlds = createWorldRegistry({ create: worldFactory({ scenario: () => SERVER }), now: () => time.now, ...options })
  return { worlds, pass: (ms: number) => void (time.now += ms) }
}

function value<T>(result: WorldResult<T>): T {
  if (!result.ok) throw new Error(`expected a world, got ${result.error.kind}: ${result.error.message}`)
  return result.value
}

describe('createWorldRegistry', () => {
  it("makes a world on first use from the server's scenario, and the same one after", () => {
    const { worlds } = registry()
    const first = value(worlds.use('w1'))
    expect(first.scenario.name).toBe('server-scenario')
    expect(value(worlds.use('w1'))).toBe(first)
    expect(worlds.size).toBe(1)
  })

  it('keeps each world apart: clock, accounts, tasks and journal', () => {
    const { worlds } = registry()
    const [a, b] = [value(worlds.use('a')), value(worlds.use('b'))]
    a.clock.advance('5m')
    a.accounts.create('added', 10)
    const created = a.world.create(a.world.account('k')!, lyrics)
    expect(created.ok).toBe(true)
    expect(b.clock.now().toISOString()).toBe('2026-01-01T00:00:00.000Z')
    expect(b.world.tasks.size).toBe(0)
    expect(b.world.account('added')).toBeUndefined()
    a.reset()
    expect(a.world.tasks.size).toBe(0)
    expect(value(worlds.use('a'))).toBe(a)
  })

  it('refuses a wrong name and makes nothing', () => {
    const { worlds } = registry()
    expect(worlds.use('no/slash')).toEqual({
      ok: false,
      error: {
        kind: 'invalid_name',
        status: 400,
        message: 'World name "no/slash" has "/" (U+002F) at character 3: it must be 1-64 characters of A-Z a-z 0-9 . _ -',
      },
    })
    expect(worlds.load('', OTHER)).toMatchObject({ ok: false, error: { kind: 'invalid_name' } })
    expect(worlds.size).toBe(0)
  })

  it('loads another scenario into a new world, or into one that exists (its state goes)', () => {
    const { worlds } = registry()
    expect(value(worlds.load('fresh', OTHER)).scenario.name).toBe('other')
    const used = value(worlds.use('used'))
    used.world.create(used.world.account('k')!, lyrics)
    expect(value(worlds.load('used', OTHER))).toBe(used)
    expect(used.scenario.name).toBe('other')
    expect(used.world.tasks.size).toBe(0)
    expect([...used.world.accounts.keys()]).toEqual(['other-key'])
  })

  it('refuses a wrong scenario with its FILE:LINE:COL messages, and changes nothing', () => {
    const { worlds } = registry()
    const used = value(worlds.use('used'))
    used.world.create(used.world.account('k')!, lyrics)
    const wrong = 'version: 1\naccounts: [{ api_key: x, credits: -1 }]\n'
    const refused = worlds.load('used', wrong)
    expect(refused).toMatchObject({
      ok: false,
      error: { kind: 'invalid_scenario', status: 400, message: '<scenario>:2:35: accounts.0.credits: expected a non-negative integer (0, 1, 2, …), got -1' },
    })
    expect(used.scenario.name).toBe('server-scenario')
    expect(used.world.tasks.size).toBe(1)
    expect(worlds.load('absent', wrong)).toMatchObject({ ok: false, error: { kind: 'invalid_scenario' } })
    expect(worlds.peek('absent')).toBeUndefined()
  })

  it('lists the worlds by name without counting the look as a use', () => {
    const { worlds, pass } = registry()
    value(worlds.use('zeta'))
    pass(1_000)
    const alpha = value(worlds.load('alpha', OTHER))
    alpha.world.create(alpha.world.account('other-key')!, { ...lyrics })
    pass(2_000)
    expect(worlds.list()).toEqual([
      {
        name: 'alpha',
        scenario: 'other',
        accounts: 1,
        tasks: 1,
        created_at: '2030-01-01T00:00:01.000Z',
        last_used: '2030-01-01T00:00:01.000Z',
        idle_until: '2030-01-01T00:30:01.000Z',
      },
      {
        name: 'zeta',
        scenario: 'server-scenario',
        accounts: 1,
        tasks: 0,
        created_at: '2030-01-01T00:00:00.000Z',
        last_used: '2030-01-01T00:00:00.000Z',
        idle_until: '2030-01-01T00:30:00.000Z',
      },
    ])
  })

  it('removes a world; a missing one is not_found', () => {
    const { worlds } = registry()
    const before = value(worlds.use('gone'))
    expect(worlds.remove('gone')).toEqual({ ok: true, value: { name: 'gone' } })
    expect(worlds.remove('gone')).toEqual({ ok: false, error: { kind: 'not_found', status: 404, message: 'No world named "gone"' } })
    expect(value(worlds.use('gone'))).not.toBe(before) // made again, fresh
  })
})

describe('the bounds of the registry', () => {
  it('lets a world go once idle for idleMs, at the next call; a use restarts its idle time', () => {
    const { worlds, pass } = registry({ idleMs: 600_000 })
    value(worlds.use('quiet'))
    value(worlds.use('busy'))
    pass(599_999)
    value(worlds.use('busy'))
    expect(worlds.sweep()).toEqual([])
    pass(1)
    expect(worlds.list().map((world) => world.name)).toEqual(['busy'])
    pass(599_998) // busy was used 1 ms before the list
    expect(worlds.peek('busy')).toBeDefined()
    pass(1)
    expect(worlds.sweep()).toEqual(['busy'])
  })

  it('at the cap, removes the least recently used world if it answered nothing in the last minute', () => {
    const { worlds, pass } = registry({ maxWorlds: 3 })
    for (const name of ['a', 'b', 'c']) value(worlds.use(name))
    pass(30_000)
    value(worlds.use('a')) // b is now the least recently used
    pass(30_000)
    value(worlds.use('d'))
    expect(worlds.list().map((world) => world.name)).toEqual(['a', 'c', 'd'])
  })

  it('at the cap with every world used in the last minute, refuses with how long to wait, and changes nothing', () => {
    const { worlds, pass } = registry({ maxWorlds: 2 })
    value(worlds.use('a'))
    pass(15_000)
    value(worlds.use('b'))
    pass(44_500)
    expect(worlds.use('c')).toEqual({
      ok: false,
      error: {
        kind: 'full',
        status: 503,
        retryAfterMs: 500,
        message: 'Too many worlds: 2 exist and every one answered a request in the last 60 s; retry in 1 s, or remove one with DELETE /__admin/worlds/{name}',
      },
    })
    expect(worlds.load('c', OTHER)).toMatchObject({ ok: false, error: { kind: 'full' } })
    expect(worlds.list().map((world) => world.name)).toEqual(['a', 'b'])
    expect(value(worlds.use('a')).scenario.name).toBe('server-scenario') // existing worlds still answer
  })

  it('keeps the world it would evict when the new world is refused for its scenario', () => {
    const { worlds, pass } = registry({ maxWorlds: 1 })
    value(worlds.use('old'))
    pass(60_000)
    expect(worlds.load('new', 'version: 2\n')).toMatchObject({ ok: false, error: { kind: 'invalid_scenario' } })
    expect(worlds.list().map((world) => world.name)).toEqual(['old'])
  })

  it('tells onRemove of each world that goes, and why', () => {
    const gone: string[] = []
    const { worlds, pass } = registry({ maxWorlds: 2, idleMs: 120_000, onRemove: (name, core, reason) => gone.push(`${name} ${core.scenario.name} ${reason}`) })
    value(worlds.use('a'))
    value(worlds.use('b'))
    pass(60_000)
    value(worlds.use('c'))
    worlds.remove('b')
    pass(120_000)
    worlds.sweep()
    expect(gone).toEqual(['a server-scenario evicted', 'b server-scenario removed', 'c server-scenario idle'])
  })

  it('checks its limits when made', () => {
    const create = worldFactory({ scenario: () => SERVER })
    expect(createWorldRegistry({ create }).limits).toEqual({ maxWorlds: 1_000, idleMs: 1_800_000, recentMs: 60_000 })
    expect(() => createWorldRegistry({ create, maxWorlds: 0 })).toThrow('worlds: maxWorlds must be a whole number from 1 to 100000, got 0')
    expect(() => createWorldRegistry({ create, maxWorlds: 1.5 })).toThrow('got 1.5')
    expect(() => createWorldRegistry({ create, idleMs: 1_000 })).toThrow('worlds: idleMs (1000) must be at least recentMs (60000)')
    expect(createWorldRegistry({ create, recentMs: 3_600_000 }).limits.idleMs).toBe(3_600_000)
  })
})
