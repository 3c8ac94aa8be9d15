/**
 * `--state FILE`: keeping the worlds in the state database (decision 036): the default world
 * (name '') and every named world (`/worlds/{name}`, decision 044), each under its own name, all
 * in one database. Two modes:
 * - `interval`: what changed is committed every `intervalMs` and on shutdown (synchronous=NORMAL).
 *   A SIGKILL loses at most one interval; a commit that fails is reported and tried again.
 * - `durable`: what changed is committed at the end of the event-loop turn it happened in, and a
 *   create is answered only once committed and fsynced (synchronous=FULL; a turn with reads and
 *   admin changes only: NORMAL, no fsync). A commit that fails rolls back, puts that world back to
 *   its rows (so the create that caused it changed nothing) and its create answers 503.
 * A world that goes (`forget`) has its rows deleted at the next commit. Nothing is sticky: the
 * next commit tries again, and succeeds once the disk does.
 */
import type { World } from '../domain/world.js'
import { restoreRows } from './restore-rows.js'
import type { Database } from './sqlite-binding.js'
import { rowsOf, WorldMirror } from './world-mirror.js'
import type { LoadedRows, WorldStore } from './world-store.js'

export const STATE_MODES = ['interval', 'durable'] as const
export type StateMode = (typeof STATE_MODES)[number]

export interface KeeperOptions {
  db: Database
  store: WorldStore
  mode: StateMode
  intervalMs: number
  onError: (error: Error) => void
  /** After the database is closed (the holder file goes). */
  onClose?: () => Promise<void>
  /** FILE, for messages. */
  file?: string
}

/**
 * `stop` could not fold FILE-wal into FILE (a full disk): every commit is there, but only in the two
 * files together, which the next start reads (and folds). Thrown after everything else of `stop`.
 */
export class WalNotFolded extends Error {
  override readonly name = 'WalNotFolded'
}

/** One world kept in the database. */
export interface KeptWorld {
  /** Follows the world a reset made (its rows are replaced at the next commit). */
  follow(world: World): void
  /** Durable: resolves once every change so far is committed, rejects when that failed (the world is back to its rows). */
  commit: (() => Promise<void>) | undefined
}

export interface StateKeeper {
  /**
   * Keeps `world` under `name` ('' for the default world). `restored`: it was just restored from
   * its rows (else it is written whole at the next commit, replacing any rows of that name).
   */
  keep(name: string, world: World, restored: boolean): KeptWorld
  /** The world of that name went: its rows are deleted at the next commit. */
  forget(name: string): void
  /** Commits what changed now; rejects with the first failure. */
  flush(): Promise<void>
  /** The last commit, then close; rejects when that commit failed (the database is closed all the same). */
  stop(): Promise<void>
}

interface Waiter {
  resolve(): void
  reject(error: Error): void
}

interface Entry {
  readonly name: string
  readonly mirror: WorldMirror
  waiters: Waiter[]
  /**
   * Durable: the world as it began (made, or a reset's), until its first commit writes it: FILE
   * holds nothing of it yet, so a failed commit puts it back to this instead of FILE's rows.
   */
  start: LoadedRows | null
  /** Set while the keeper itself changes the world (an undo): no commit is scheduled for that. */
  quiet: boolean
}

export function keepState(options: KeeperOptions): StateKeeper {
  const { db, store, mode, onError } = options
  const kept = new Map<string, Entry>()
  /** Names whose rows are still to delete. */
  const gone = new Set<string>()
  /** Durable: the worlds that changed this turn. */
  const dirty = new Set<Entry>()
  let scheduled = false
  let closed = false
  let synchronous = mode === 'durable' ? 'FULL' : 'NORMAL'

  const deleteGone = (): void => {
    if (gone.size === 0) return
    store.transaction(() => {
      for (const name of gone) store.deleteWorld(name)
    })
    gone.clear()
  }

  /** After a failed durable commit: the world as its rows have it (or as it began), so what was not committed did not happen. */
  const undo = (entry: Entry): void => {
    const rows = entry.start ?? store.load(entry.name)
    if (rows === null) return
    entry.quiet = true
    try {
      const restored = restoreRows(entry.mirror.world, { set: () => undefined }, rows, { anyScenario: true, keepClock: true })
      // Still not written: the next commit writes it whole.
      if (restored.ok && entry.start === null) entry.mirror.adoptRestored()
      else if (!restored.ok) onError(new Error(`cannot put the world back to the saved state: ${restored.message}`))
    } finally {
      entry.quiet = false
    }
  }

  /**
   * Commits one world; on failure reports it and (durable) undoes it, unless `quiet` (flush and
   * stop: the caller reports the failure), and returns the error.
   */
  const commitOne = (entry: Entry, quiet: boolean): Error | null => {
    const settling = entry.waiters
    entry.waiters = []
    try {
      entry.mirror.commit()
      entry.start = null
      for (const waiter of settling) waiter.resolve()
      return null
    } catch (error) {
      if (!quiet) onError(error as Error)
      if (!quiet && mode === 'durable') undo(entry)
      for (const waiter of settling) waiter.reject(error as Error)
      return error as Error
    }
  }

  /** Commits the deletions, then every world in `entries` (each in its own transaction); the first failure, or null. */
  const commitAll = (entries: Iterable<Entry>, quiet = false): Error | null => {
    let first: Error | null = null
    try {
      deleteGone()
    } catch (error) {
      if (!quiet) onError(error as Error)
      first = error as Error
    }
    for (const entry of [...entries]) {
      const failed = commitOne(entry, quiet)
      first ??= failed
    }
    return first
  }

  const run = (): void => {
    scheduled = false
    // A world that went since (forgotten, maybe made again under its name) is no longer written.
    const entries = [...dirty].filter((entry) => kept.get(entry.name) === entry)
    dirty.clear()
    if (closed) {
      // Stopped (the server closes): nothing more is written, and no create waits forever.
      for (const entry of entries) for (const waiter of entry.waiters.splice(0)) waiter.resolve()
      return
    }
    // Only a create waits for its commit: that one is fsynced (FULL). Reads and admin changes
    // alone are written without an fsync (NORMAL: they survive a killed process, and the next
    // create's fsync takes them along).
    const wanted = entries.some((entry) => entry.waiters.length > 0) ? 'FULL' : 'NORMAL'
    try {
      if (wanted !== synchronous) db.exec(`PRAGMA synchronous = ${(synchronous = wanted)}`)
    } catch (error) {
      onError(error as Error)
    }
    commitAll(entries)
  }
  const schedule = (entry: Entry | null): void => {
    if (mode !== 'durable') return
    if (entry !== null) dirty.add(entry)
    if (scheduled) return
    scheduled = true
    setImmediate(run)
  }

  const timer = setInterval(() => void commitAll(kept.values()), options.intervalMs)
  timer.unref()

  return {
    keep(name, world, restored) {
      gone.delete(name) // a new world of that name is written whole, its old rows deleted first
      // The mirror tells of a change only after it is made (never while constructed).
      const own: Entry = {
        name,
        mirror: new WorldMirror(store, name, world, () => {
          if (!own.quiet) schedule(own)
        }),
        waiters: [],
        start: null,
        quiet: false,
      }
      // A restored world matches its rows; a new one (or a migrated one) is written whole.
      if (restored) own.mirror.adoptRestored()
      else if (mode === 'durable') own.start = rowsOf(world)
      kept.set(name, own)
      return {
        follow: (next) => {
          const epoch = own.mirror.world.epoch + 1
          own.mirror.follow(next)
          next.setEpoch(epoch)
          if (mode === 'durable') own.start = rowsOf(next)
        },
        commit:
          mode === 'durable'
            ? () =>
                new Promise<void>((resolve, reject) => {
                  if (kept.get(name) !== own) return resolve() // the world went: nothing of it is kept
                  own.waiters.push({ resolve, reject })
                  schedule(own)
                })
            : undefined,
      }
    },
    forget(name) {
      const entry = kept.get(name)
      if (entry === undefined) return
      kept.delete(name)
      dirty.delete(entry)
      for (const waiter of entry.waiters.splice(0)) waiter.resolve()
      gone.add(name)
      schedule(null)
    },
    flush: async () => {
      const failed = commitAll(kept.values(), true)
      if (failed !== null) throw failed
    },
    stop: async () => {
      clearInterval(timer)
      if (closed) return
      closed = true
      const failed = commitAll(kept.values(), true)
      let unfolded: Error | null = null
      try {
        // Out of WAL mode, the WAL folded into FILE (one file to copy once stopped), and the lock
        // let go before close: libsql frees a closed connection (and its lock) only when collected.
        db.prepare('PRAGMA journal_mode = DELETE').get()
        db.exec('PRAGMA locking_mode = NORMAL')
        db.prepare('SELECT count(*) FROM meta').get()
      } catch (error) {
        unfolded = error as Error
      }
      db.close()
      await options.onClose?.()
      if (failed !== null) throw failed
      if (unfolded !== null) {
        const file = options.file ?? 'the state file'
        throw new WalNotFolded(
          `${file}-wal was not folded into ${file} (${unfolded.message}): every saved change is there, but ${file} alone is not the whole state; keep ${file}-wal beside it (the next start folds it in)`,
        )
      }
    },
  }
}
