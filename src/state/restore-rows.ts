/**
 * A world's rows (world-store.ts) back into the world: checked whole first (the state file's
 * zod schema, the ledger invariant, cross-references: snapshot.ts), so a damaged or foreign
 * state is refused with what was found and never half-loaded.
 */
import type { World } from '../domain/world.js'
import { restoreWorld, scenarioFingerprint, type RestoreResult } from './snapshot.js'
import { STATE_FORMAT } from './state-schema.js'
import type { LoadedRows } from './world-store.js'

export interface RestoreOptions {
  /** `--state-any-scenario`: a state saved under another scenario is taken (its counters restart when they do not fit). */
  anyScenario: boolean
  /** Back to the rows after a failed commit: the clock stays where it is (it never goes back). */
  keepClock: boolean
}

interface Header {
  scenario?: { name?: unknown; fingerprint?: unknown }
  clock?: unknown
  counters?: { rules?: { matched?: unknown[] }; faults?: { matched?: unknown[] } }
}

/** The scenario the rows were saved under, when it is not the world's; null when it is. */
export function foreignScenario(world: World, header: unknown): string | null {
  const saved = (header as Header).scenario
  const fingerprint = scenarioFingerprint(world.scenario)
  if (saved?.fingerprint === fingerprint) return null
  return `it was saved under another scenario ("${String(saved?.name)}", fingerprint ${String(saved?.fingerprint)}); this one is "${world.scenario.name}" (${fingerprint})`
}

export function restoreRows(world: World, clock: { set(ms: number): void }, rows: LoadedRows, options: RestoreOptions): RestoreResult {
  const header = { ...(rows.header as Header & Record<string, unknown>) }
  if (typeof header !== 'object' || header === null) return { ok: false, message: 'worlds.header: not an object' }
  const counters = world.counters()
  if (options.anyScenario && foreignScenario(world, header) !== null) {
    header.scenario = { ...header.scenario, fingerprint: scenarioFingerprint(world.scenario) }
    const saved = header.counters
    if (saved?.rules?.matched?.length !== counters.rules.matched.length || saved.faults?.matched?.length !== counters.faults.matched.length) {
      header.counters = counters
    }
  }
  const now = world.clock.now()
  if (options.keepClock && typeof header.clock === 'number' && header.clock < now) header.clock = now
  const value = {
    ...header,
    format: STATE_FORMAT,
    version: 2,
    log_seq: 0,
    rate_windows: rows.rateWindows.map(({ apiKey, window }) => ({ apiKey, ...(window as object) })),
    accounts: rows.accounts,
    tasks: rows.tasks,
  }
  return restoreWorld(world, options.keepClock ? { set: () => undefined } : clock, value)
}
