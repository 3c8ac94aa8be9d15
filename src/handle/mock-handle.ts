/**
 * The one handle to a running fake: what every part that serves or controls it is given (the
 * msw handlers, the node:http door and the express app, the admin operations and routes, the
 * state keeper, the CLI). `createMockCore` (src/mock/mock-core.ts) makes it; the object
 * `createMock` and `startServer` hand to users is it, plus the in-process control.
 *
 * Types only, and it imports only domain and scenario types, so every folder above imports it
 * downwards (see decision 030). A part that needs less takes a `Pick` of it.
 */
import type { World } from '../domain/world.js'
import type { Scenario } from '../domain/types.js'
import type { ScenarioInput } from '../scenario/resolve-scenario.js'

export interface MockClock {
  now(): Date
  /** Moves the clock forward by a duration (`'5m'`, `'1h30m'`) or milliseconds. */
  advance(by: string | number): Date
  /** Moves the clock forward to an instant. */
  set(to: string | Date | number): Date
}

export interface MockHandle {
  /** The current world. A reset replaces it: read it at each use rather than keeping it. */
  readonly world: World
  /** The scenario the current world was built from. */
  readonly scenario: Scenario
  /**
   * The fake's clock. Its moves take the admin API's checks: a mistake throws the AdminError
   * (400) that `POST /__admin/clock/advance` and `/set` answer.
   */
  readonly clock: MockClock
  /** Back to the scenario's start (or to a new scenario): accounts, tasks, counters and clock. */
  reset(scenario?: ScenarioInput): void
  /** Calls `listener` with each world a reset makes (the state keeper follows them). */
  onReset(listener: (world: World) => void): void
  /**
   * Set by `--state-mode durable`: resolves once every change made so far is committed to the
   * state database; rejects when that commit failed, the world then being back to what the
   * database holds (decision 036). A create is answered 202 only after it (the dispatch's finishing step, src/dispatch/finish.ts).
   */
  commit?: () => Promise<void>
}
