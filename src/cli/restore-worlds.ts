/**
 * `--state FILE` and the named worlds (decision 044): at start every world FILE holds is made
 * again in the server's registry (from the scenario saved with it, or the server's) and restored
 * from its rows, before the server answers anything. A world that cannot be restored refuses the
 * start with its name and what was found, as the default world's state does: nothing is dropped
 * silently.
 */
import type { MockCore } from '../mock/mock-core.js'
import { foreignScenario, restoreRows } from '../state/restore-rows.js'
import type { WorldStore } from '../state/world-store.js'
import { quoteName } from '../worlds/world-name.js'
import type { WorldRegistry } from '../worlds/world-registry.js'

export interface RestoredWorld {
  name: string
  core: MockCore
  accounts: number
  tasks: number
}

export type WorldsRestored = { ok: true; value: RestoredWorld[] } | { ok: false; message: string }

interface SavedHeader {
  scenario?: { source?: unknown; name?: unknown }
}

export function restoreNamedWorlds(store: WorldStore, worlds: WorldRegistry<MockCore>, anyScenario: boolean): WorldsRestored {
  const refused = (message: string): WorldsRestored => ({ ok: false, message })
  let names: string[]
  try {
    names = store.names()
  } catch (error) {
    return refused(`the state is damaged: ${(error as Error).message}`)
  }
  const { maxWorlds } = worlds.limits
  if (names.length > maxWorlds) {
    return refused(
      `it holds ${names.length} named worlds, more than this server's cap of ${maxWorlds}; start it with a higher worlds.maxWorlds or move the file away`,
    )
  }
  const restored: RestoredWorld[] = []
  for (const name of names) {
    const where = `world ${quoteName(name)}`
    let rows
    try {
      rows = store.load(name)
    } catch (error) {
      return refused(`the state is damaged: ${where}: ${(error as Error).message}`)
    }
    if (rows === null) continue
    const saved = (rows.header as SavedHeader).scenario
    // The scenario loaded into it through the admin API comes back with it; else it had the server's.
    // Restored, not used: until a client uses it, it is the first to make room at the cap (issue 40).
    const made = worlds.restore(name, typeof saved?.source === 'string' ? saved.source : undefined)
    if (!made.ok) {
      const problem = made.error.kind === 'invalid_scenario' ? `the scenario saved with it ("${String(saved?.name)}") no longer loads: ` : ''
      return refused(`${where}: ${problem}${made.error.message}`)
    }
    const core = made.value
    const foreign = foreignScenario(core.world, rows.header)
    if (foreign !== null && !anyScenario) {
      return refused(`${where}: ${foreign}. Start with that scenario, give --state-any-scenario to take it anyway, or move the file away`)
    }
    const result = restoreRows(core.world, { set: (ms) => void core.clock.set(ms) }, rows, { anyScenario, keepClock: false })
    if (!result.ok) return refused(`${where}: the state is damaged or does not fit: ${result.message}`)
    restored.push({ name, core, accounts: result.accounts, tasks: result.tasks })
  }
  return { ok: true, value: restored }
}
