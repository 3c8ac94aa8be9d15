/**
 * `--state FILE`: keeping the world in the state database (decision 036). Two modes:
 * - `interval`: what changed is committed every `intervalMs` and on shutdown (synchronous=NORMAL).
 *   A SIGKILL loses at most one interval; a commit that fails is reported and tried again.
 * - `durable`: what changed is committed at the end of the event-loop turn it happened in (the
 *   changes of one turn share a transaction), and a create is answered only once committed and
 *   fsynced (synchronous=FULL; a turn with reads and admin changes only: NORMAL, no fsync). A commit that fails rolls back, puts the world back to the rows (so
 *   the create that caused it changed nothing) and its create answers 503.
 * Nothing is sticky: the next commit tries again, and succeeds once the disk does.
 */
import type { World } from '../domain/world.js'
import { restoreRows } from './restore-rows.js'
import type { Database } from './sqlite-binding.js'
import { WorldMirror } from './world-mirror.js'
import type { WorldStore } from './world-store.js'

export const STATE_MODES = ['interval', 'durable'] as const
export type StateMode = (typeof STATE_MODES)[number]

export interface KeeperOptions {
  db: Database
  store: WorldStore
  mode: StateMode
  intervalMs: number
  /** The world now, restored from the rows (or new); a reset replaces it (`follow`). */
  world: World
  /** The world's name in the database: '' for the default. */
  name: string
  onError: (error: Error) => void
  /** Whether `world` was restored from the rows (else it is written whole at the first commit). */
  restored: boolean
  /** After the database is closed (the holder file goes). */
  onClose?: () => Promise<void>
}

export interface StateKeeper {
  /** Commits what changed now; rejects when that fails. */
  flush(): Promise<void>
  /** Follows the world a reset made. */
  follow(world: World): void
  /** Durable: resolves once every change so far is committed, rejects when that failed (the world is back to the rows). */
  commit: (() => Promise<void>) | undefined
  /** The last commit, then close; rejects when that commit failed (the database is closed all the same). */
  stop(): Promise<void>
}

interface Waiter {
  resolve(): void
  reject(error: Error): void
}

export function keepState(options: KeeperOptions): StateKeeper {
  const { db, store, mode, onError } = options
  let waiters: Waiter[] = []
  let scheduled = false
  let closed = false
  let synchronous = mode === 'durable' ? 'FULL' : 'NORMAL'

  const run = (): void => {
    scheduled = false
    const settling = waiters
    waiters = []
    try {
      if (!closed) {
        // Only a create waits for its commit: that one is fsynced (FULL). Reads and admin changes
        // alone are written without an fsync (NORMAL: they survive a killed process, and the
        // next create's fsync takes them along).
        const durable = settling.length > 0 ? 'FULL' : 'NORMAL'
        if (durable !== synchronous) db.exec(`PRAGMA synchronous = ${(synchronous = durable)}`)
        mirror.commit()
      }
      for (const waiter of settling) waiter.resolve()
    } catch (error) {
      onError(error as Error)
      undo()
      for (const waiter of settling) waiter.reject(error as Error)
    }
  }
  const schedule = (): void => {
    if (scheduled || mode !== 'durable') return
    scheduled = true
    setImmediate(run)
  }
  const mirror = new WorldMirror(store, options.name, options.world, schedule)
  // A restored world matches its rows; a new one (or a migrated one) is written whole.
  if (options.restored) mirror.adoptRestored()

  /** After a failed durable commit: the world as the rows have it, so what was not committed did not happen. */
  const undo = (): void => {
    // A reset not written yet: the rows are the world before it, not this one's past.
    if (mirror.rewriting) return
    const rows = store.load(options.name)
    if (rows === null) return
    const restored = restoreRows(mirror.world, { set: () => undefined }, rows, { anyScenario: true, keepClock: true })
    if (restored.ok) mirror.adoptRestored()
    else onError(new Error(`cannot put the world back to the saved state: ${restored.message}`))
  }

  const timer = setInterval(() => {
    try {
      mirror.commit()
    } catch (error) {
      onError(error as Error)
      if (mode === 'durable') undo()
    }
  }, options.intervalMs)
  timer.unref()

  return {
    flush: async () => mirror.commit(),
    follow: (world) => {
      const epoch = mirror.world.epoch + 1
      mirror.follow(world)
      world.setEpoch(epoch)
    },
    commit:
      mode === 'durable'
        ? () =>
            new Promise<void>((resolve, reject) => {
              waiters.push({ resolve, reject })
              schedule()
            })
        : undefined,
    stop: async () => {
      clearInterval(timer)
      if (closed) return
      closed = true
      const settling = waiters.splice(0)
      try {
        mirror.commit()
        for (const waiter of settling) waiter.resolve()
      } catch (error) {
        for (const waiter of settling) waiter.reject(error as Error)
        throw error
      } finally {
        try {
          // Out of WAL mode, the WAL folded into FILE (one file to copy once stopped), and the lock
          // let go before close: libsql frees a closed connection (and its lock) only when collected.
          db.prepare('PRAGMA journal_mode = DELETE').get()
          db.exec('PRAGMA locking_mode = NORMAL')
          db.prepare('SELECT count(*) FROM meta').get()
        } catch (error) {
          onError(error as Error)
        }
        db.close()
        await options.onClose?.()
      }
    },
  }
}
