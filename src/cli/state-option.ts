/**
 * `--state FILE [--state-mode interval|durable] [--state-any-scenario]` (decision 036): open and
 * lock FILE (an SQLite database), check it, restore the world from it (or migrate a JSON state
 * of the earlier format once), start a new boot epoch and commit it before the server answers
 * anything (decision 012), then keep FILE up to date. Every refusal names FILE and what was found.
 */
import { rename } from 'node:fs/promises'
import type { MockHandle } from '../handle/mock-handle.js'
import type { MockCore } from '../mock/mock-core.js'
import { sourceOf } from '../scenario/scenario-source.js'
import { keptJsonPath, oldLogSegments, stateBeforeMigration, undoMigration, unfinishedMigration } from '../state/migrate-json-state.js'
import { foreignScenario, restoreRows } from '../state/restore-rows.js'
import { restoreWorld, scenarioFingerprint } from '../state/snapshot.js'
import { chooseBinding } from '../state/sqlite-binding.js'
import { activateStateDatabase, openStateDatabase, releaseHolder } from '../state/state-database.js'
import { checkStatePath, findState, type Found } from '../state/state-file.js'
import { stateFileSchema } from '../state/state-schema.js'
import { keepState, type StateKeeper, type StateMode } from '../state/state-keeper.js'
import { WorldStore } from '../state/world-store.js'
import type { WorldRegistry } from '../worlds/world-registry.js'
import { restoreNamedWorlds, type RestoredWorld } from './restore-worlds.js'

export type { StateKeeper }
export { checkStatePath }

/**
 * Epochs of one boot: the boot's own, then one more per reset (`keepState`'s follow). A boot
 * starts at the next multiple, so a reset's epoch that a crash kept from FILE can never be a
 * later boot's (FILE always holds at least its boot's first epoch: it is committed before serving).
 */
export const EPOCHS_PER_BOOT = 2 ** 20

const nextBoot = (epoch: number): number => (Math.floor(epoch / EPOCHS_PER_BOOT) + 1) * EPOCHS_PER_BOOT

/** What a state database without the default world's rows is, and what to do. */
const CUT_OFF =
  'it holds no saved world: what was saved is in a FILE-wal that is not beside it (a copy of a running ' +
  "server's FILE, or FILE-wal removed after a crash); copy FILE with its FILE-wal (or stop the server " +
  'first, which folds it in), or remove FILE to start from the scenario'

export type Adopted = { ok: true; keeper: StateKeeper; summary: string } | { ok: false; message: string }

export interface StateSettings {
  intervalMs: number
  mode: StateMode
  /** `--state-any-scenario`: take a state saved under another scenario. */
  anyScenario: boolean
}

/** What FILE holds, for `adoptState`; a refusal as `{ ok: false }`. */
export async function readState(path: string): Promise<{ ok: true; value: Found } | { ok: false; message: string }> {
  const found = await findState(path)
  return found.kind === 'refused' ? { ok: false, message: `${path}: refused: ${found.message}` } : { ok: true, value: found }
}

/** A saved scenario loaded through the admin API comes back with its state; a message when it cannot. */
function savedScenario(core: MockHandle, header: unknown): string | null {
  const saved = (header as { scenario?: { source?: unknown; name?: unknown } }).scenario
  if (typeof saved?.source !== 'string' || saved.source === sourceOf(core.scenario)) return null
  try {
    core.reset(saved.source)
  } catch (error) {
    return `the scenario saved with it ("${String(saved.name)}") no longer loads: ${(error as Error).message}`
  }
  return null
}

/**
 * Restores what FILE holds into the fake (the default world, and every named world into `worlds`
 * when given), commits the new epoch, and starts keeping FILE: every world, the named ones as they
 * come and go.
 */
export async function adoptState(core: MockHandle, path: string, found: Found, settings: StateSettings, worlds?: WorldRegistry<MockCore>): Promise<Adopted> {
  const refused = (message: string): Adopted => ({ ok: false, message: `${path}: refused: ${message}` })
  const binding = chooseBinding()
  if ('error' in binding) return refused(binding.error)
  let summary = `no state in ${path} yet: starting from the scenario`
  let restored = false
  let migrated: string | null = null
  if (found.kind === 'none') {
    const unfinished = await unfinishedMigration(path)
    if (unfinished !== null) return refused(unfinished)
  }
  if (found.kind === 'json') {
    const problem = (await oldLogSegments(path)) ?? (await stateBeforeMigration(path))
    if (problem !== null) return refused(problem)
    const shape = stateFileSchema.safeParse(found.value)
    if (!shape.success) return refused(`${shape.error.issues[0]!.path.join('.') || '(top level)'}: ${shape.error.issues[0]!.message}`)
    const header = found.value as { scenario?: unknown }
    const scenarioProblem = savedScenario(core, header)
    if (scenarioProblem !== null) return refused(scenarioProblem)
    const foreign = foreignScenario(core.world, header.scenario === undefined ? {} : { scenario: header.scenario })
    if (foreign !== null && !settings.anyScenario)
      return refused(`${foreign}. Start with that scenario, give --state-any-scenario to take it anyway, or move the file away`)
    if (foreign !== null) (found.value as { scenario: { fingerprint: string } }).scenario.fingerprint = scenarioFingerprint(core.scenario)
    const result = restoreWorld(core.world, { set: (ms) => void core.clock.set(ms) }, found.value)
    if (!result.ok) return refused(result.message)
    migrated = keptJsonPath(path)
    const moved = await rename(path, migrated).catch((error: Error) => error)
    if (moved instanceof Error) return refused(`cannot move the JSON state aside to ${migrated}: ${moved.message}`)
    restored = true
    summary = `migrated ${result.accounts} accounts and ${result.tasks} tasks from the JSON state in ${path} (kept as ${migrated}) to SQLite`
  }
  /** After the JSON state was moved aside, a refusal puts it back first. */
  const abandon = async (message: string): Promise<Adopted> => (migrated === null ? refused(message) : refused(`${message}; ${await undoMigration(path)}`))
  const opened = await openStateDatabase(binding, path)
  if (!opened.ok) return abandon(opened.message)
  const store = new WorldStore(opened.db)
  // Before activation nothing of FILE is written, not even the holder file (another server's, if any).
  const fail = (message: string): Promise<Adopted> => {
    opened.db.close()
    return abandon(message)
  }
  if (migrated === null && opened.empty) {
    const unfinished = await unfinishedMigration(path)
    if (unfinished !== null) return fail(unfinished)
    // A database no server wrote is empty; an SQLite file with no tables is what is left of one
    // whose FILE-wal is not beside it (the boot's first commit lands there).
    if (found.kind === 'sqlite') return fail(CUT_OFF)
  }
  if (migrated === null && !opened.empty) {
    let rows
    try {
      rows = store.load('')
    } catch (error) {
      return fail(`the state is damaged: ${(error as Error).message}`)
    }
    // Every server commits the default world before it answers: a state without it was cut off.
    if (rows === null) return fail(CUT_OFF)
    {
      const scenarioProblem = savedScenario(core, rows.header)
      if (scenarioProblem !== null) return fail(scenarioProblem)
      const foreign = foreignScenario(core.world, rows.header)
      if (foreign !== null && !settings.anyScenario)
        return fail(`${foreign}. Start with that scenario, give --state-any-scenario to take it anyway, or move the file away`)
      const result = restoreRows(core.world, { set: (ms) => void core.clock.set(ms) }, rows, { anyScenario: settings.anyScenario, keepClock: false })
      if (!result.ok) return fail(`the state is damaged or does not fit: ${result.message}`)
      restored = true
      const served = sourceOf(core.scenario) === null ? '' : ` (scenario "${core.scenario.name}", loaded through the admin API and kept with the state)`
      summary = `restored ${result.accounts} accounts and ${result.tasks} tasks from ${path}${served}`
    }
  }
  let named: RestoredWorld[] = []
  if (migrated === null && !opened.empty && worlds !== undefined) {
    const restoredWorlds = restoreNamedWorlds(store, worlds, settings.anyScenario)
    if (!restoredWorlds.ok) return fail(restoredWorlds.message)
    named = restoredWorlds.value
  }
  const activated = await activateStateDatabase(opened.db, path, settings.mode === 'durable')
  if (activated !== null) return fail(activated)
  const keeper = keepState({
    db: opened.db,
    store,
    mode: settings.mode,
    intervalMs: settings.intervalMs,
    onError: (error) => process.stderr.write(`audio-task-mock: cannot save the state to ${path}: ${error.message}\n`),
    onClose: () => releaseHolder(path),
    file: path,
  })
  const keepWorld = (name: string, handle: MockHandle, wasRestored: boolean): void => {
    const kept = keeper.keep(name, handle.world, wasRestored)
    handle.onReset((world) => kept.follow(world))
    handle.commit = kept.commit
  }
  keepWorld('', core, restored && migrated === null)
  // A new boot epoch, committed before any request: ids of this run differ from every earlier run's.
  if (restored) core.world.setEpoch(nextBoot(core.world.epoch))
  for (const world of named) {
    keepWorld(world.name, world.core, true)
    world.core.world.setEpoch(nextBoot(world.core.world.epoch))
  }
  try {
    await keeper.flush()
  } catch (error) {
    await keeper.stop().catch(() => undefined)
    const message = `${path}: cannot save the state: ${(error as Error).message}`
    return { ok: false, message: migrated === null ? message : `${message}; ${await undoMigration(path)}` }
  }
  worlds?.subscribe({ created: (name, handle) => keepWorld(name, handle, false), removed: (name) => keeper.forget(name) })
  if (named.length > 0) {
    const tasks = named.reduce((sum, world) => sum + world.tasks, 0)
    const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`
    summary += `, and ${plural(named.length, 'named world')} (${plural(tasks, 'task')})`
  }
  return { ok: true, keeper, summary: `${summary}; kept with ${binding.name}, ${settings.mode} mode` }
}
