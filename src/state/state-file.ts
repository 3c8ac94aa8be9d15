/**
 * `--state FILE`: the world saved atomically (write a temporary file, flush it, rename it over
 * the old one), on shutdown and at intervals when something changed, and restored on start.
 */
import { open, readFile, rename, rm } from 'node:fs/promises'
import type { World } from '../domain/world.js'
import { snapshotWorld } from './snapshot.js'

export async function saveState(path: string, world: World, savedAt = new Date()): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`
  const handle = await open(temporary, 'w')
  try {
    await handle.writeFile(JSON.stringify(snapshotWorld(world, savedAt)))
    await handle.sync()
  } finally {
    await handle.close()
  }
  await rename(temporary, path).catch(async (error: unknown) => {
    await rm(temporary, { force: true })
    throw error
  })
}

export type ReadOutcome = { ok: true; value: unknown } | { ok: false; message: string }

/** The saved state as JSON, `null` when there is no file yet (a fresh start); restore it with `restoreWorld`. */
export async function readState(path: string): Promise<ReadOutcome> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { ok: true, value: null }
    return { ok: false, message: `${path}: cannot read the state file: ${(error as Error).message}` }
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown }
  } catch (error) {
    return { ok: false, message: `${path}: refused: not a state file (not JSON: ${(error as Error).message})` }
  }
}

/** What changes when the world changes: requests, clock, credit events, tasks and accounts. */
function revision(world: World): string {
  let events = 0
  for (const account of world.accounts.values()) events += account.events.length
  return `${world.journal.recorded}:${world.clock.now()}:${events}:${world.tasks.size}:${world.accounts.size}`
}

/** Saves `current()` every `intervalMs` when it changed; `flush()` saves now. Errors go to `onError`. */
export function keepState(path: string, current: () => World, intervalMs: number, onError: (error: Error) => void) {
  let saved = ''
  let writing: Promise<void> = Promise.resolve()
  const flush = (): Promise<void> => {
    const world = current()
    const now = revision(world)
    if (now === saved) return writing
    writing = writing.then(() => saveState(path, world)).then(
      () => void (saved = now),
      (error: Error) => onError(error),
    )
    return writing
  }
  const timer = setInterval(() => void flush(), intervalMs)
  timer.unref()
  return {
    flush,
    stop: (): Promise<void> => {
      clearInterval(timer)
      return flush()
    },
  }
}
