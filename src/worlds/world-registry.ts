/**
 * Named worlds: each a whole fake (a MockHandle: src/handle/mock-handle.ts), what `/worlds/{name}`
 * answers from. Over HTTP a request `enter`s its world's seat (world-seat.ts): a world is made
 * only by a request that changes it and is accepted (issue 40); in-process `use` and `load` make
 * one at once, and `restore` one from a state file. Bounded (limits in world-limits.ts): a world
 * unused for `idleMs` goes at the next call (no timer); at `maxWorlds`, a new world first evicts
 * the least recently used one unless it answered a request in the last `recentMs` (then every
 * world did, and the answer is `full` with the wait; a world restored at start answered none).
 * Time is the injected `now`; expected failures are values, and nothing changes when a call fails.
 */
import type { WorldRealm } from '../domain/random.js'
import type { MockHandle } from '../handle/mock-handle.js'
import { ScenarioInvalidError, type ScenarioInput } from '../scenario/resolve-scenario.js'
import { formatScenarioError } from '../scenario/load.js'
import { checkWorldName, quoteName } from './world-name.js'
import { resolveLimits, type WorldLimits } from './world-limits.js'
import { WorldSeat, type Seated } from './world-seat.js'

export type WorldError =
  | { kind: 'invalid_name'; status: 400; message: string }
  | { kind: 'invalid_scenario'; status: 400; message: string }
  | { kind: 'not_found'; status: 404; message: string }
  | { kind: 'full'; status: 503; message: string; retryAfterMs: number }

export type WorldResult<T> = { ok: true; value: T } | { ok: false; error: WorldError }

/**
 * Makes a world's fake: from the server's scenario when `scenario` is undefined. May throw
 * ScenarioInvalidError. `realm` names the world and its making, for its task ids (decision 058).
 */
export type WorldMaker<H extends MockHandle = MockHandle> = (scenario?: ScenarioInput, realm?: WorldRealm) => H

export interface WorldRegistryOptions<H extends MockHandle = MockHandle> extends Partial<WorldLimits> {
  /** Makes a world's fake (see WorldMaker). */
  create: WorldMaker<H>
  /** Real time in ms (last use, idle time); default Date.now. */
  now?: () => number
  /** Told of each world that goes, and why (a state keeper or a page that shows it lets go of it). */
  onRemove?: (name: string, core: H, reason: RemovalReason) => void
  /** Lets go of what a world that went for good holds in bounds it shares with others (its journal's share). */
  dispose?: (core: H) => void
}

/** Hears worlds come and go (the `--state` keeper keeps each, and deletes a gone one's rows). */
export interface WorldListener<H extends MockHandle = MockHandle> {
  created(name: string, core: H): void
  removed(name: string, core: H, reason: RemovalReason): void
}

/** Why a world went: idle for `idleMs`, evicted to make room at the cap, or removed by a caller. */
export type RemovalReason = 'idle' | 'evicted' | 'removed'

/** One world as `GET /__admin/worlds` lists it. */
export interface WorldSummary {
  name: string
  scenario: string
  accounts: number
  tasks: number
  created_at: string
  last_used: string
  /** From this instant the world may go for idleness (last use + idle time). */
  idle_until: string
}

export interface WorldRegistry<H extends MockHandle = MockHandle> {
  readonly limits: Readonly<WorldLimits>
  /** How many worlds there are now. */
  readonly size: number
  /**
   * Where a request to `/worlds/{name}` is answered from (world-seat.ts): the world, or a fresh
   * one that becomes the world only if the request is accepted; counts as a use of a world that
   * exists. `full` when there is none and no room for one.
   */
  enter(name: string): WorldResult<Seated>
  /** The world of that name, made now if absent (in-process callers); counts as a use. */
  use(name: string): WorldResult<H>
  /** Makes the world to restore from a state file (from `scenario`, else the server's): it has answered no request yet, so it is the first to evict. */
  restore(name: string, scenario?: ScenarioInput): WorldResult<H>
  /** The world if it exists; not a use, never makes one. */
  peek(name: string): H | undefined
  /** Loads `scenario` into the world (made if absent): as `PUT /__admin/scenario` does; counts as a use. */
  load(name: string, scenario: ScenarioInput): WorldResult<H>
  /** Every world, by name. */
  list(): WorldSummary[]
  /** Removes the world; `not_found` when there is none. */
  remove(name: string): WorldResult<{ name: string }>
  /** Removes the worlds idle for `idleMs` or longer; their names. Every other call does this first. */
  sweep(): string[]
  /** Tells `listener` of every world made or removed from now on. */
  subscribe(listener: WorldListener<H>): void
}

interface Entry<H> {
  readonly core: H
  readonly createdAt: number
  lastUsed: number
  /** When it last answered a request (-Infinity: restored, none since): what `recentMs` protects. */
  answeredAt: number
}

const iso = (ms: number): string => new Date(ms).toISOString()

function scenarioProblem(error: unknown): WorldError | null {
  if (!(error instanceof ScenarioInvalidError)) return null
  return { kind: 'invalid_scenario', status: 400, message: error.errors.map(formatScenarioError).join('\n') }
}

export function createWorldRegistry<H extends MockHandle = MockHandle>(options: WorldRegistryOptions<H>): WorldRegistry<H> {
  const limits = resolveLimits(options)
  const now = options.now ?? Date.now
  /** In order of last use, least recent first: a use moves an entry to the end. */
  const worlds = new Map<string, Entry<H>>()
  const listeners: Array<WorldListener<H>> = []
  /**
   * Worlds removed so far: a world's generation (decision 058). A world made again after its
   * removal is made after at least one more removal, so its ids are not its earlier ones'.
   */
  let removals = 0
  const drop = (name: string, entry: Entry<H>, reason: RemovalReason): void => {
    worlds.delete(name)
    removals += 1
    if (seats.get(name)?.idle === true) seats.delete(name)
    options.onRemove?.(name, entry.core, reason)
    for (const listener of listeners) listener.removed(name, entry.core, reason)
    options.dispose?.(entry.core)
  }

  const sweep = (): string[] => {
    const at = now()
    const gone: string[] = []
    for (const [name, entry] of worlds) {
      if (at - entry.lastUsed < limits.idleMs) break
      drop(name, entry, 'idle')
      gone.push(name)
    }
    return gone
  }

  const touch = (name: string, entry: Entry<H>): H => {
    entry.lastUsed = entry.answeredAt = now()
    worlds.delete(name)
    worlds.set(name, entry)
    return entry.core
  }

  /** Room for one more world: nothing to do, the world to remove first, or why there is none. */
  const room = (): { evict: string | null } | { error: WorldError } => {
    if (worlds.size < limits.maxWorlds) return { evict: null }
    const [name, oldest] = worlds.entries().next().value!
    const quiet = now() - oldest.answeredAt
    if (quiet >= limits.recentMs) return { evict: name }
    const retryAfterMs = limits.recentMs - quiet
    const message =
      `Too many worlds: ${limits.maxWorlds} exist and every one answered a request in the last ${limits.recentMs / 1000} s; ` +
      `retry in ${Math.ceil(retryAfterMs / 1000)} s, or remove one with DELETE /__admin/worlds/{name}`
    return { error: { kind: 'full', status: 503, message, retryAfterMs } }
  }

  /** Keeps `core` as the world `name`, after the world `evict` (if any) goes. */
  const keep = (name: string, core: H, evict: string | null, answered: boolean): H => {
    if (evict !== null) drop(evict, worlds.get(evict)!, 'evicted')
    const at = now()
    worlds.set(name, { core, createdAt: at, lastUsed: at, answeredAt: answered ? at : -Infinity })
    for (const listener of listeners) listener.created(name, core)
    return core
  }

  /** Makes and keeps a new world; nothing changes when the scenario is wrong or there is no room. */
  const make = (name: string, scenario: ScenarioInput | undefined, answered = true): WorldResult<H> => {
    const space = room()
    if ('error' in space) return { ok: false, error: space.error }
    let core: H
    try {
      core = options.create(scenario, { name, generation: removals })
    } catch (error) {
      const problem = scenarioProblem(error)
      if (problem === null) throw error
      return { ok: false, error: problem }
    }
    return { ok: true, value: keep(name, core, space.evict, answered) }
  }

  /** Fresh worlds by the removal count they were made at: one made before a removal may share a remade world's ids. */
  const madeAt = new WeakMap<H, number>()
  const seats = new Map<string, WorldSeat<H>>()
  const host = {
    current: (name: string): H | undefined => worlds.get(name)?.core,
    fresh: (name: string): H => {
      const core = options.create(undefined, { name, generation: removals })
      madeAt.set(core, removals)
      return core
    },
    stillFresh: (core: H): boolean => madeAt.get(core) === removals,
    // An accepted request made it: room is made if a world may go, else the cap is passed by the requests in flight.
    adopt: (name: string, core: H): void => {
      const space = room()
      keep(name, core, 'evict' in space ? space.evict : null, true)
    },
    abandon: (name: string, core: H): void => {
      const entry = worlds.get(name)
      if (entry !== undefined && entry.core === core) drop(name, entry, 'removed')
    },
    discard: (core: H): void => options.dispose?.(core),
    vacate: (name: string): void => void seats.delete(name),
  }

  const named = (name: string): WorldResult<string> => {
    const checked = checkWorldName(name)
    return checked.ok ? checked : { ok: false, error: { kind: 'invalid_name', status: 400, message: checked.error } }
  }

  return {
    limits,
    get size() {
      return worlds.size
    },
    enter(name) {
      const checked = named(name)
      if (!checked.ok) return checked
      sweep()
      const entry = worlds.get(name)
      if (entry !== undefined) touch(name, entry)
      else {
        const space = room()
        if ('error' in space) return { ok: false, error: space.error }
      }
      let seat = seats.get(name)
      if (seat === undefined) seats.set(name, (seat = new WorldSeat(name, host)))
      return { ok: true, value: seat.enter() }
    },
    restore(name, scenario) {
      const checked = named(name)
      if (!checked.ok) return checked
      if (worlds.has(name)) return { ok: false, error: { kind: 'invalid_name', status: 400, message: `World ${quoteName(name)} exists already` } }
      return make(name, scenario, false)
    },
    use(name) {
      const checked = named(name)
      if (!checked.ok) return checked
      sweep()
      const entry = worlds.get(name)
      return entry === undefined ? make(name, undefined) : { ok: true, value: touch(name, entry) }
    },
    peek(name) {
      sweep()
      return worlds.get(name)?.core
    },
    load(name, scenario) {
      const checked = named(name)
      if (!checked.ok) return checked
      sweep()
      const entry = worlds.get(name)
      if (entry === undefined) return make(name, scenario)
      try {
        entry.core.reset(scenario)
      } catch (error) {
        const problem = scenarioProblem(error)
        if (problem === null) throw error
        return { ok: false, error: problem }
      }
      return { ok: true, value: touch(name, entry) }
    },
    list() {
      sweep()
      return [...worlds.entries()]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([name, { core, createdAt, lastUsed }]) => ({
          name,
          scenario: core.scenario.name,
          accounts: core.world.accounts.size,
          tasks: core.world.tasks.size,
          created_at: iso(createdAt),
          last_used: iso(lastUsed),
          idle_until: iso(lastUsed + limits.idleMs),
        }))
    },
    remove(name) {
      const checked = named(name)
      if (!checked.ok) return checked
      sweep()
      const entry = worlds.get(name)
      if (entry === undefined) return { ok: false, error: { kind: 'not_found', status: 404, message: `No world named ${quoteName(name)}` } }
      drop(name, entry, 'removed')
      return { ok: true, value: { name } }
    },
    sweep,
    subscribe: (listener) => void listeners.push(listener),
  }
}
