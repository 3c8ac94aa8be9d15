/**
 * The fake without a transport: a world built from a scenario and the controls a test needs:
 * clock, reset, accounts, tasks, journal and client report. `createMock` adds the msw handlers;
 * the standalone server answers the public API through its own node:http door and loads msw
 * and express only for the routes that need them, so starting it does not pay for them.
 */
import { createControl, type MockControl } from '../admin/control.js'
import { checkedClock } from '../admin/operations.js'
import { AutoClock, ManualClock, type ControllableClock } from '../domain/clock.js'
import { parseDuration } from '../domain/duration.js'
import { Journal } from '../domain/journal.js'
import type { JournalBudget } from '../domain/journal-budget.js'
import type { Scenario } from '../domain/types.js'
import type { WorldRealm } from '../domain/random.js'
import { World } from '../domain/world.js'
import type { MockClock, MockHandle } from '../handle/mock-handle.js'
import { isScenarioName, resolveScenario, type ScenarioInput, type ScenarioLibrary } from '../scenario/resolve-scenario.js'
import { rememberSource, sourceOf } from '../scenario/scenario-source.js'

export type { MockClock } from '../handle/mock-handle.js'

export interface MockOptions {
  /**
   * A scenario: YAML or JSON text, a plain object in the file's shape, a compiled `Scenario`, or
   * the name of a bundled one (`'happy-path'`). Default: the bundled `default` (scenarios/default.yaml), as the CLI.
   */
  scenario?: ScenarioInput
  /** Overrides the scenario's seed. */
  seed?: number
  /** Serve only this origin in-process, e.g. `https://audio.example.test`. */
  baseUrl?: string
  /** Journal entries kept; the oldest are dropped (and counted) beyond it. Default 10,000. */
  journalCapacity?: number
  /** Real time, for journal timestamps and auto clocks; default `Date.now`. Inject one for byte-identical journals. */
  wallNow?: () => number
}

/** What a server gives each of its worlds beyond the user's options (src/server/world-factory.ts). */
export interface WorldSetting {
  /** The bound every journal of the server shares (domain/journal-budget.ts); a reset's old journal leaves it. */
  journalBudget?: JournalBudget
  /** Which named world this is (decision 058): its task ids are its own, and stay so through resets. */
  realm?: WorldRealm
  /** The epoch its first world starts in (decision 012): a `--state` server's boot epoch. Default 0. */
  epoch?: number
}

/** The fake in-process: the handle every door and the admin API act on (mock-handle.ts), with the admin control as methods. */
export interface MockCore extends MockHandle, MockControl {}

export function makeClock(scenario: Scenario, wallNow: () => number = Date.now): ControllableClock {
  const config = scenario.clock
  if (config.mode === 'manual') return new ManualClock(config.startMs)
  return new AutoClock({ startMs: config.startMs ?? wallNow(), speed: config.speed, wallNow })
}

function toMs(by: string | number): number {
  if (typeof by === 'number') return by
  const ms = parseDuration(by)
  if (ms === null) throw new RangeError(`expected a duration like 150ms, 5s, 10m or 1h, got ${JSON.stringify(by)}`)
  return ms
}

function toInstant(to: string | Date | number): number {
  const ms = to instanceof Date ? to.getTime() : typeof to === 'number' ? to : Date.parse(to)
  if (Number.isNaN(ms)) throw new RangeError(`expected an ISO 8601 instant, got ${JSON.stringify(to)}`)
  return ms
}

interface State {
  scenario: Scenario
  world: World
  clock: ControllableClock
  /** Every explicit move of the clock, in ms: the journal's pace is real time plus these. */
  jumped: { ms: number }
}

/**
 * `library` resolves scenario names and the default (the Node entries pass the bundled files);
 * without one, no scenario means the built-in defaults with no accounts.
 */
export function createMockCore(options: MockOptions = {}, library?: ScenarioLibrary, setting: WorldSetting = {}): MockCore {
  const wallNow = options.wallNow ?? Date.now
  const build = (input: ScenarioInput | undefined, epoch?: number): State => {
    const resolved = resolveScenario(input, undefined, library)
    const scenario = options.seed === undefined ? resolved : { ...resolved, seed: options.seed }
    // The text an admin call loaded it from goes along, so `--state` can keep it (scenario-source.ts).
    // (A bundled scenario's name is not its text: the state then keeps to the command line's scenario.)
    const source = typeof input === 'string' && !(library !== undefined && isScenarioName(input)) ? input : sourceOf(resolved)
    if (source !== null) rememberSource(scenario, source)
    const clock = makeClock(scenario, wallNow)
    const jumped = { ms: 0 }
    const journal = new Journal({
      capacity: options.journalCapacity,
      now: () => clock.now(),
      wall: wallNow,
      jumps: () => jumped.ms,
      budget: setting.journalBudget,
    })
    return { scenario, clock, jumped, world: new World(scenario, clock, { journal, epoch, realm: setting.realm }) }
  }
  let state = build(options.scenario, setting.epoch)
  const resetListeners: Array<(world: World) => void> = []
  // The clock's moves as such; checkedClock gives them the admin API's checks, so a mistake
  // reads the same in-process and over HTTP.
  const raw: MockClock = {
    now: () => new Date(state.clock.now()),
    advance: (by) => {
      const ms = toMs(by)
      state.clock.advance(ms)
      state.jumped.ms += ms
      return new Date(state.clock.now())
    },
    set: (to) => {
      const before = state.clock.now()
      state.clock.set(toInstant(to))
      state.jumped.ms += state.clock.now() - before
      return new Date(state.clock.now())
    },
  }
  const handle: MockHandle = {
    get world() {
      return state.world
    },
    get scenario() {
      return state.scenario
    },
    clock: checkedClock(raw),
    reset(input?: ScenarioInput) {
      const before = state
      state = build(input ?? state.scenario)
      before.world.journal.release()
      for (const listener of resetListeners) listener(state.world)
    },
    onReset: (listener) => void resetListeners.push(listener),
  }
  return Object.assign(handle, createControl(handle))
}
