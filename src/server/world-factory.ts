/**
 * How a server makes its named worlds: each a fake of its own (createMockCore) with the server's
 * options (seed, journal capacity, real-time source) and, unless told another, the server's
 * scenario. Worlds share the compiled scenario (a value no world changes: decision 029's worlds
 * keep their state in their own World), so a new world costs its state only.
 */
import type { JournalBudget } from '../domain/journal-budget.js'
import type { Scenario } from '../domain/types.js'
import { createMockCore, type MockCore, type MockOptions } from '../mock/mock-core.js'
import type { ScenarioLibrary } from '../scenario/resolve-scenario.js'
import type { WorldMaker } from '../worlds/world-registry.js'

export interface WorldFactoryOptions {
  /** The server's options (seed, journalCapacity, wallNow): every world gets them. `scenario` is ignored. */
  options?: Omit<MockOptions, 'scenario'>
  /** The scenario a world starts from when none is given: the server's, read at each new world. */
  scenario: () => Scenario
  /** Resolves scenario names (`'happy-path'`) in `load`; the Node server passes the bundled library. */
  library?: ScenarioLibrary
  /** The bound the journals of every world share (domain/journal-budget.ts). */
  journalBudget?: JournalBudget
  /** The epoch a new world starts in: a `--state` server's boot epoch (the default world's), read at each new world. */
  epoch?: () => number
}

export function worldFactory({ options = {}, scenario, library, journalBudget, epoch }: WorldFactoryOptions): WorldMaker<MockCore> {
  return (input, realm) => createMockCore({ ...options, scenario: input ?? scenario() }, library, { journalBudget, realm, epoch: epoch?.() })
}

/** What a world that goes lets go of: its journal's share of the bound. */
export const disposeWorld = (core: MockCore): void => core.world.journal.release()
