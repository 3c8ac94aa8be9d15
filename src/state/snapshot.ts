/**
 * The world as plain data and back: what `--state FILE` saves and restores. Pure: no I/O.
 * A restore checks the whole file (shape, scenario fingerprint, cross-references, the ledger
 * invariant) before it changes anything, then swaps everything in at once.
 */
import { ledgerViolations } from '../domain/ledger.js'
import type { TaskOutput } from '../domain/outputs.js'
import { hash53 } from '../domain/random.js'
import type { Scenario } from '../domain/types.js'
import type { Task, World } from '../domain/world.js'
import { sourceOf } from '../scenario/scenario-source.js'
import { STATE_FORMAT, STATE_VERSION, stateFileSchema, type StateFile } from './state-schema.js'

/** A hash of everything the scenario says, so a state saved under another scenario is refused. */
export function scenarioFingerprint(scenario: Scenario): string {
  const text = JSON.stringify(scenario, (_key, value: unknown) => {
    if (value instanceof Map) return [...value.entries()]
    if (value instanceof RegExp) return `/${value.source}/${value.flags}`
    return value
  })
  return hash53(text).toString(16).padStart(14, '0')
}

/** The snapshot's header: everything but accounts and tasks, copied now. */
export function snapshotHeader(world: World, savedAt: Date, logSeq = 0): Omit<StateFile, 'accounts' | 'tasks'> {
  return {
    format: STATE_FORMAT,
    version: STATE_VERSION,
    scenario: { name: world.scenario.name, fingerprint: scenarioFingerprint(world.scenario), source: sourceOf(world.scenario) },
    saved_at: savedAt.toISOString(),
    clock: world.clock.now(),
    epoch: world.epoch,
    log_seq: logSeq,
    incarnations: [...world.incarnations()].map(([apiKey, count]) => ({ apiKey, count })),
    counters: world.counters(),
    rate_windows: [...world.rateWindows].map(([apiKey, window]) => ({ apiKey, ...window })),
  }
}

/** The whole world as one value (tests). */
export function snapshotWorld(world: World, savedAt: Date): StateFile {
  return {
    ...snapshotHeader(world, savedAt),
    accounts: [...world.accounts.values()].map((account) => ({
      apiKey: account.apiKey,
      ledger: { ...account.ledger },
      events: [...account.events],
      clips: [...account.clips],
    })),
    tasks: [...world.tasks.values()] as StateFile['tasks'],
  }
}

export type RestoreResult = { ok: true; tasks: number; accounts: number; epoch: number; logSeq: number } | { ok: false; message: string }

function crossCheck(world: World, file: StateFile): string | null {
  const fingerprint = scenarioFingerprint(world.scenario)
  if (file.scenario.fingerprint !== fingerprint) {
    return `it was saved under another scenario ("${file.scenario.name}", fingerprint ${file.scenario.fingerprint}); this one is "${world.scenario.name}" (${fingerprint}). Start with the scenario it was saved under, or move the file away`
  }
  const { rules, faults } = world.counters()
  if (file.counters.rules.matched.length !== rules.matched.length || file.counters.faults.matched.length !== faults.matched.length) {
    return "counters: their number does not match the scenario's rules and faults"
  }
  const keys = new Set(file.accounts.map((account) => account.apiKey))
  for (const [index, account] of file.accounts.entries()) {
    const broken = ledgerViolations(account.ledger)
    if (broken.length > 0) return `accounts.${index}.ledger: ${broken.join('; ')}`
  }
  for (const [index, task] of file.tasks.entries()) {
    if (!keys.has(task.apiKey)) return `tasks.${index}.apiKey: no account has this key`
    if (task.position.step >= task.steps.length) return `tasks.${index}.position.step: beyond the task's ${task.steps.length} steps`
  }
  if (file.clock < world.clock.now()) return `clock: ${new Date(file.clock).toISOString()} is before the scenario's start`
  return null
}

/** Replaces the world's accounts, tasks and counters with the file's, and moves the clock to its time. */
export function restoreWorld(world: World, clock: { set(ms: number): void }, value: unknown): RestoreResult {
  const parsed = stateFileSchema.safeParse(value)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    return { ok: false, message: `${issue.path.join('.') || '(top level)'}: ${issue.message}` }
  }
  const file = parsed.data
  const problem = crossCheck(world, file)
  if (problem !== null) return { ok: false, message: problem }

  const tasks = file.tasks.map((saved) => ({ ...saved, output: saved.output as TaskOutput | null }) as Task)
  clock.set(file.clock)
  world.restore({
    accounts: file.accounts,
    tasks,
    rateWindows: file.rate_windows.map(
      ({ apiKey, openedAt, admitted }) => [apiKey, { openedAt, admitted }] as [string, { openedAt: number; admitted: number }],
    ),
    counters: file.counters,
    incarnations: file.incarnations.map(({ apiKey, count }) => [apiKey, count] as [string, number]),
    epoch: file.epoch,
  })
  return { ok: true, tasks: tasks.length, accounts: file.accounts.length, epoch: file.epoch, logSeq: file.log_seq }
}
