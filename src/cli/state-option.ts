/**
 * `--state FILE [--state-mode interval|durable]`: check FILE's directory, clean up what killed
 * saves left, restore the world (and replay the durable log), start a new boot epoch and save
 * it before the server answers anything (decision 012), then keep FILE up to date.
 */
import type { WorldChange } from '../domain/world.js'
import type { MockHandle } from '../handle/mock-handle.js'
import { sourceOf } from '../scenario/scenario-source.js'
import { listSegments, readLog } from '../state/change-log.js'
import { restoreWorld, scenarioFingerprint } from '../state/snapshot.js'
import { writeSnapshot } from '../state/snapshot-writer.js'
import { rm } from 'node:fs/promises'
import { checkStatePath, keepState, readState, removeStaleTemporaries, type StateKeeper, type StateMode } from '../state/state-file.js'
import { syncDirectory } from '../state/sync-directory.js'

export type { StateKeeper }
export { checkStatePath, readState }

/**
 * Epochs of one boot: the boot's own, then one more per reset (`keepState`'s follow). A boot
 * starts at the next multiple, so a reset's epoch that a crash kept from FILE can never be a
 * later boot's (FILE always holds at least its boot's first epoch: it is saved before serving).
 */
export const EPOCHS_PER_BOOT = 2 ** 20

export type Adopted = { ok: true; keeper: StateKeeper; summary: string } | { ok: false; message: string }

interface SavedScenario {
  scenario?: { fingerprint?: unknown; source?: unknown; name?: unknown }
}

/**
 * When FILE was saved under a scenario loaded through the admin API, that scenario comes back
 * with it (its text is in FILE), so the same command line restarts. A message when it cannot.
 */
function scenarioOfState(core: MockHandle, value: unknown): string | null {
  const saved = (value as SavedScenario).scenario
  if (typeof saved?.source !== 'string' || saved.fingerprint === scenarioFingerprint(core.scenario)) return null
  try {
    core.reset(saved.source)
  } catch (error) {
    return `the scenario saved with it ("${String(saved.name)}") no longer loads: ${(error as Error).message}`
  }
  return null
}

/** Replays the durable log's records after the snapshot; the number replayed. */
async function replay(core: MockHandle, path: string, afterSeq: number, commandLine: MockHandle['scenario']): Promise<{ replayed: number; seq: number }> {
  const records = await readLog(path, afterSeq)
  let latest = core.clock.now().getTime()
  for (const record of records) {
    const at = Number(record['at'])
    if (record['op'] === 'reset') {
      const source = record['scenario']
      core.reset(typeof source === 'string' ? source : commandLine)
      latest = core.clock.now().getTime()
    } else if (record['op'] !== 'clock') {
      core.world.apply(record as unknown as WorldChange)
    }
    latest = Math.max(latest, at)
  }
  if (latest > core.clock.now().getTime()) core.clock.set(latest)
  return { replayed: records.length, seq: afterSeq + records.length }
}

/** Restores `value` (from `readState`) into the fake, saves the new epoch, and starts keeping FILE. */
export async function adoptState(core: MockHandle, path: string, value: unknown, intervalMs: number, mode: StateMode): Promise<Adopted> {
  const refused = (message: string): Adopted => ({ ok: false, message: `${path}: refused: ${message}` })
  const commandLine = core.scenario
  const removed = await removeStaleTemporaries(path)
  let summary = `no state in ${path} yet: starting from the scenario`
  let logSeq = 0
  let restored = false
  if (value !== null) {
    const problem = scenarioOfState(core, value)
    if (problem !== null) return refused(problem)
    const result = restoreWorld(core.world, { set: (ms) => void core.clock.set(ms) }, value)
    if (!result.ok) return refused(result.message)
    logSeq = result.logSeq
    restored = true
    const served = core.scenario === commandLine ? '' : ` (scenario "${core.scenario.name}", loaded through the admin API and kept with the state)`
    summary = `restored ${result.accounts} accounts and ${result.tasks} tasks from ${path}${served}`
  }
  if (mode === 'durable') {
    const { replayed, seq } = await replay(core, path, logSeq, commandLine)
    if (replayed > 0) summary += `; replayed ${replayed} logged changes`
    restored ||= replayed > 0
    logSeq = seq
  }
  // A new boot epoch, on disk before any request: ids of this run differ from every earlier run's.
  if (restored) core.world.setEpoch((Math.floor(core.world.epoch / EPOCHS_PER_BOOT) + 1) * EPOCHS_PER_BOOT)
  try {
    await writeSnapshot(path, core.world, logSeq).done
    await syncDirectory(path)
  } catch (error) {
    return { ok: false, message: `${path}: cannot save the state: ${(error as Error).message}` }
  }
  // The snapshot holds everything the log did; what followed a torn line was never acknowledged.
  for (const segment of await listSegments(path)) await rm(segment.path, { force: true })
  if (removed.length > 0) summary += `; removed ${removed.length} temporary file(s) of unfinished saves`
  const keeper = keepState({
    path,
    mode,
    intervalMs,
    world: core.world,
    now: () => core.clock.now().getTime(),
    logSeq,
    onError: (error) => process.stderr.write(`audio-task-mock: cannot save the state to ${path}: ${error.message}\n`),
  })
  core.onReset((world) => keeper.follow(world, sourceOf(world.scenario)))
  core.commit = keeper.commit
  return { ok: true, keeper, summary }
}
