/**
 * `--state FILE`: keeping the world in FILE. Two modes (decision 013):
 * - `interval`: a snapshot every `intervalMs` when the world changed, and on shutdown. A
 *   SIGKILL loses what changed since the last snapshot (at most one interval).
 * - `durable`: every change is also appended to a log beside FILE (change-log.ts), and a create
 *   is answered only once its record is on disk; snapshots compact the log. A SIGKILL loses
 *   no acknowledged create, no admin change, only what was not yet flushed of the rest.
 * Snapshots are written in lines (snapshot-writer.ts), to FILE.PID.tmp renamed over FILE.
 */
import { access, constants, open, readdir, rm, stat } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import type { World, WorldObserver } from '../domain/world.js'
import { ChangeLog } from './change-log.js'
import { writeSnapshot, type SnapshotWrite } from './snapshot-writer.js'
import { syncDirectory } from './sync-directory.js'
import { readState } from './snapshot-reader.js'

export { readState }

export const STATE_MODES = ['interval', 'durable'] as const
export type StateMode = (typeof STATE_MODES)[number]

/** Why FILE cannot be kept (its directory missing, not a directory, not writable; FILE a directory), or null. */
export async function checkStatePath(path: string): Promise<string | null> {
  const directory = dirname(path)
  const info = await stat(directory).catch((error: NodeJS.ErrnoException) => error)
  if (info instanceof Error) {
    return info.code === 'ENOENT' ? `its directory ${directory} does not exist` : `cannot use its directory ${directory}: ${info.message}`
  }
  if (!info.isDirectory()) return `${directory} is not a directory`
  const file = await stat(path).catch(() => null)
  if (file?.isDirectory()) return 'it is a directory'
  // Permissions alone do not tell (root, read-only mounts): write a probe file and remove it.
  const probe = join(directory, `.${basename(path)}.${process.pid}.probe`)
  try {
    const handle = await open(probe, 'wx')
    await handle.close()
    await rm(probe, { force: true })
  } catch (error) {
    return `cannot write in its directory ${directory}: ${(error as Error).message}`
  }
  if (file !== null) {
    const writable = await access(path, constants.W_OK).then(
      () => true,
      () => false,
    )
    if (!writable) return 'the file is not writable'
  }
  return null
}

/** Removes FILE.*.tmp left by saves a crash or a kill cut short (never another file). */
export async function removeStaleTemporaries(path: string): Promise<string[]> {
  const prefix = `${basename(path)}.`
  const removed: string[] = []
  for (const name of await readdir(dirname(path))) {
    if (name.startsWith(prefix) && name.endsWith('.tmp') && /^\d+$/.test(name.slice(prefix.length, -'.tmp'.length))) {
      await rm(join(dirname(path), name), { force: true })
      removed.push(name)
    }
  }
  return removed
}

export interface KeeperOptions {
  path: string
  mode: StateMode
  intervalMs: number
  /** The world now; a reset replaces it (`follow`). */
  world: World
  /** The clock reading to save and to compare. */
  now: () => number
  /** The seq of the last log record the restored state holds (durable). */
  logSeq: number
  onError: (error: Error) => void
}

export interface StateKeeper {
  /** Saves now if anything changed (interval), or compacts the log into a snapshot (durable). */
  flush(): Promise<void>
  /** Follows the world a reset made: `scenario` is its admin-loaded text, or null. */
  follow(world: World, scenario: string | null): void
  /** Resolves once every change so far is on disk (durable; immediate in interval mode). */
  commit: (() => Promise<void>) | undefined
  stop(): Promise<void>
}

/** Starts keeping `options.world` in FILE. The caller saved it once already (the start's epoch). */
export function keepState(options: KeeperOptions): StateKeeper {
  const { path, mode, intervalMs, onError } = options
  const log = mode === 'durable' ? new ChangeLog(path, options.logSeq) : null
  let world = options.world
  let writing: SnapshotWrite | null = null
  let queue: Promise<void> = Promise.resolve()
  let saved = { world, version: world.version, clock: options.now(), seq: log?.seq ?? 0 }
  let lastLoggedAt = options.now()

  const observer: WorldObserver = {
    beforeTaskChange: (task) => writing?.preserve(task),
    changed: (change) => {
      lastLoggedAt = change.at
      log?.append(change)
    },
  }
  world.observe(observer)

  const changed = (): boolean =>
    world !== saved.world || world.version !== saved.version || options.now() !== saved.clock || (log !== null && log.seq !== saved.seq)

  const save = async (): Promise<void> => {
    if (log !== null && options.now() > lastLoggedAt) {
      // A clock move alone is no world change: logged here, so a restart does not lose it.
      lastLoggedAt = options.now()
      log.append({ op: 'clock', at: lastLoggedAt })
    }
    if (!changed()) return
    const state = { world, version: world.version, clock: options.now(), seq: log?.rotate() ?? 0 }
    writing = writeSnapshot(path, world, state.seq)
    try {
      await writing.done
    } finally {
      writing = null
    }
    if (log !== null) {
      await syncDirectory(path)
      await log.dropThrough(state.seq)
    }
    saved = state
  }
  const flush = (): Promise<void> => {
    queue = queue.then(save).catch((error: Error) => onError(error))
    return queue
  }
  const timer = setInterval(() => void flush(), intervalMs)
  timer.unref()
  return {
    flush,
    commit: log === null ? undefined : () => log.commit(),
    follow: (next, scenario) => {
      log?.append({ op: 'reset', at: options.now(), scenario })
      const epoch = world.epoch + 1
      world = next
      world.observe(observer)
      world.setEpoch(epoch)
    },
    stop: async () => {
      clearInterval(timer)
      await flush()
      await log?.close()
    },
  }
}
