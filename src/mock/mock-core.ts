/**
 * The fake without a transport: a world built from a scenario and the controls a test
 * needs (clock, reset). `createMock` adds the msw handlers; the standalone server serves
 * the core through its own door and loads msw only for routes that need it, so starting
 * it does not pay for msw, express or the Fetch API.
 */
import { AutoClock, ManualClock, type ControllableClock } from '../domain/clock.js'
import { parseDuration } from '../domain/duration.js'
import type { Scenario } from '../domain/types.js'
import { World } from '../domain/world.js'
import { resolveScenario, type ScenarioInput } from './resolve-scenario.js'

export interface MockOptions {
  /** A scenario: YAML or JSON text, a plain object in the file's shape, or a compiled `Scenario`. Default: built-in defaults. */
  scenario?: ScenarioInput
  /** Overrides the scenario's seed. */
  seed?: number
  /** Serve only this origin in-process, e.g. `https://audio.example.test`. */
  baseUrl?: string
}

export interface MockClock {
  now(): Date
  /** Moves the clock forward by a duration (`'5m'`, `'1h30m'`) or milliseconds. */
  advance(by: string | number): Date
  /** Moves the clock forward to an instant. */
  set(to: string | Date | number): Date
}

export interface MockCore {
  readonly world: World
  readonly scenario: Scenario
  readonly clock: MockClock
  /** Back to the scenario's start (or to a new scenario): accounts, tasks, counters and clock. */
  reset(scenario?: ScenarioInput): void
}

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

export function createMockCore(options: MockOptions = {}): MockCore {
  const build = (input: ScenarioInput | undefined): { scenario: Scenario; world: World; clock: ControllableClock } => {
    const resolved = resolveScenario(input)
    const scenario = options.seed === undefined ? resolved : { ...resolved, seed: options.seed }
    const clock = makeClock(scenario)
    return { scenario, clock, world: new World(scenario, clock) }
  }
  let state = build(options.scenario)
  return {
    get world() {
      return state.world
    },
    get scenario() {
      return state.scenario
    },
    clock: {
      now: () => new Date(state.clock.now()),
      advance: (by) => {
        state.clock.advance(toMs(by))
        return new Date(state.clock.now())
      },
      set: (to) => {
        state.clock.set(toInstant(to))
        return new Date(state.clock.now())
      },
    },
    reset(input) {
      state = build(input ?? state.scenario)
    },
  }
}
