/**
 * Writes the world to a state file in JSON lines, a few thousand records at a time with the
 * event loop free between chunks, so a world of any size saves without one giant string (V8
 * caps a string at ~512 MiB) and without stalling the server. The file is the world as it was
 * when the save began: what a stored task looked like before a change made during the save
 * is kept (`preserve`, called by the world before it changes a task), tasks created during
 * the save are left to the next one, and an account's events and clips are cut at the counts
 * they had (both only grow). Written to FILE.PID.tmp, flushed, renamed over FILE.
 */
import { open, rename, rm, type FileHandle } from 'node:fs/promises'
import type { Task, World } from '../domain/world.js'
import { snapshotHeader } from './snapshot.js'

/** Events or clips per line, and lines per write at most. */
const CHUNK_RECORDS = 1_000
/** Characters per write at most: serialising this much takes a few milliseconds, then the event loop runs. */
const CHUNK_CHARS = 256 * 1024

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

export interface SnapshotWrite {
  /** Called by the world (through the state keeper) before a stored task changes. */
  preserve(task: Task): void
  /** Resolves once FILE holds the snapshot. */
  readonly done: Promise<void>
}

class Chunks {
  #lines: string[] = []
  #chars = 0
  constructor(readonly handle: FileHandle) {}

  async push(line: string): Promise<void> {
    this.#lines.push(line)
    this.#chars += line.length
    if (this.#lines.length >= CHUNK_RECORDS || this.#chars >= CHUNK_CHARS) await this.flush()
  }

  async flush(): Promise<void> {
    if (this.#lines.length === 0) return
    const text = `${this.#lines.join('\n')}\n`
    this.#lines = []
    this.#chars = 0
    await this.handle.write(text)
    await yieldToEventLoop()
  }
}

/** Starts saving `world` to `path`; `logSeq` is the last durable-log change it includes. */
export function writeSnapshot(path: string, world: World, logSeq = 0, savedAt = new Date()): SnapshotWrite {
  // Everything small is copied now, in the same tick as the task list: one consistent instant.
  const header = JSON.stringify({ header: snapshotHeader(world, savedAt, logSeq) })
  const accounts = [...world.accounts.values()].map((account) => ({
    account,
    ledger: { ...account.ledger },
    events: world.eventCount(account),
    clips: world.clipsOf(account).length,
  }))
  const tasks = [...world.tasks.values()]
  const before = new Map<Task, string>()
  const written = new Set<Task>()
  let writing = true

  const preserve = (task: Task): void => {
    if (writing && !written.has(task) && !before.has(task)) before.set(task, JSON.stringify({ task }))
  }

  const write = async (): Promise<void> => {
    const temporary = `${path}.${process.pid}.tmp`
    const handle = await open(temporary, 'w')
    try {
      const out = new Chunks(handle)
      await out.push(header)
      for (const { account, ledger, events, clips } of accounts) {
        await out.push(JSON.stringify({ account: { apiKey: account.apiKey, ledger } }))
        for (let from = 0; from < events; from += CHUNK_RECORDS) {
          await out.push(JSON.stringify({ events: { apiKey: account.apiKey, items: world.eventsOf(account, from, Math.min(events, from + CHUNK_RECORDS)) } }))
        }
        let batch: string[] = []
        let taken = 0
        for (const clip of world.clipsOf(account)) {
          if (taken++ >= clips) break
          batch.push(clip)
          if (batch.length === CHUNK_RECORDS) {
            await out.push(JSON.stringify({ clips: { apiKey: account.apiKey, items: batch } }))
            batch = []
          }
        }
        if (batch.length > 0) await out.push(JSON.stringify({ clips: { apiKey: account.apiKey, items: batch } }))
      }
      for (const task of tasks) {
        const line = before.get(task) ?? JSON.stringify({ task })
        before.delete(task)
        written.add(task)
        await out.push(line)
      }
      await out.push(JSON.stringify({ end: { accounts: accounts.length, tasks: tasks.length } }))
      await out.flush()
      await handle.sync()
    } catch (error) {
      await handle.close().catch(() => undefined)
      await rm(temporary, { force: true })
      throw error
    } finally {
      writing = false
      before.clear()
      written.clear()
    }
    await handle.close()
    await rename(temporary, path).catch(async (error: unknown) => {
      await rm(temporary, { force: true })
      throw error
    })
  }

  return { preserve, done: write() }
}
