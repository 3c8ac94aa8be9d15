/**
 * The durable state mode's write-ahead log (decision 013): every change to the world as one
 * JSON line `{"seq":N,...change}`, appended to FILE.log.<first seq> and flushed with fdatasync
 * before a create is answered. Group commit: the changes that arrive while one flush runs share
 * the next one. A snapshot taken at seq N makes the segments before it obsolete (`rotate`,
 * then `dropBefore` once the snapshot is on disk).
 */
import { createReadStream } from 'node:fs'
import { open, readdir, rm, type FileHandle } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { createInterface } from 'node:readline'
import { syncDirectory } from './sync-directory.js'

interface Segment {
  readonly first: number
  readonly path: string
  handle: FileHandle | null
}

interface Waiter {
  readonly seq: number
  resolve(): void
  reject(error: Error): void
}

const segmentPath = (base: string, first: number): string => `${base}.log.${String(first).padStart(15, '0')}`

/** The log segments beside `base` (FILE.log.N), oldest first. */
export async function listSegments(base: string): Promise<Array<{ first: number; path: string }>> {
  const prefix = `${basename(base)}.log.`
  const names = await readdir(dirname(base))
  return names
    .filter((name) => name.startsWith(prefix) && /^\d+$/.test(name.slice(prefix.length)))
    .map((name) => ({ first: Number(name.slice(prefix.length)), path: join(dirname(base), name) }))
    .sort((a, b) => a.first - b.first)
}

/**
 * The logged records after `afterSeq`, in order: the longest run of whole lines with
 * consecutive seqs. What follows a torn line (a write cut by a crash) was never acknowledged.
 */
export async function readLog(base: string, afterSeq: number): Promise<Array<Record<string, unknown>>> {
  const records: Array<Record<string, unknown>> = []
  let expected = afterSeq + 1
  for (const segment of await listSegments(base)) {
    for await (const line of createInterface({ input: createReadStream(segment.path, { encoding: 'utf8' }), crlfDelay: Infinity })) {
      let record: unknown
      try {
        record = JSON.parse(line)
      } catch {
        return records
      }
      if (typeof record !== 'object' || record === null) return records
      const seq = (record as { seq?: unknown }).seq
      if (typeof seq !== 'number' || seq < expected) continue
      if (seq !== expected) return records
      records.push(record as Record<string, unknown>)
      expected += 1
    }
  }
  return records
}

export class ChangeLog {
  readonly #base: string
  #seq: number
  #pending: Array<{ seq: number; line: string }> = []
  #waiters: Waiter[] = []
  #flushing: Promise<void> | null = null
  #segments: Segment[] = []
  #failed: Error | null = null

  /** Appends after `seq` (the snapshot's log_seq) into a new segment. */
  constructor(base: string, seq: number) {
    this.#base = base
    this.#seq = seq
    this.#segments.push({ first: seq + 1, path: segmentPath(base, seq + 1), handle: null })
  }

  /** The last seq given out. */
  get seq(): number {
    return this.#seq
  }

  /** Queues a record; it is written with the next flush (soon: one is scheduled). */
  append(record: object): void {
    this.#seq += 1
    this.#pending.push({ seq: this.#seq, line: JSON.stringify({ seq: this.#seq, ...record }) })
    if (this.#flushing === null) this.#flushing = new Promise((resolve) => setImmediate(resolve)).then(() => this.#run())
  }

  /** Resolves once every record appended so far is on disk. */
  commit(): Promise<void> {
    if (this.#failed !== null) return Promise.reject(this.#failed)
    const seq = this.#seq
    if (this.#pending.length === 0 && this.#flushing === null) return Promise.resolve()
    return new Promise((resolve, reject) => this.#waiters.push({ seq, resolve, reject }))
  }

  /** Records after the current seq go to a new segment; returns the seq the old ones end at. */
  rotate(): number {
    const first = this.#seq + 1
    this.#segments.push({ first, path: segmentPath(this.#base, first), handle: null })
    return this.#seq
  }

  /** Deletes the segments holding nothing after `seq` (a snapshot on disk includes them). */
  async dropThrough(seq: number): Promise<void> {
    await this.commit().catch(() => undefined)
    while (this.#segments.length > 1 && this.#segments[1]!.first <= seq + 1) {
      const old = this.#segments.shift()!
      await old.handle?.close()
      await rm(old.path, { force: true })
    }
    // Segments left by an earlier run of the process.
    for (const segment of await listSegments(this.#base)) {
      if (!this.#segments.some((own) => own.path === segment.path) && segment.first <= seq) await rm(segment.path, { force: true })
    }
  }

  async close(): Promise<void> {
    await this.commit().catch(() => undefined)
    for (const segment of this.#segments) await segment.handle?.close()
    for (const segment of this.#segments) segment.handle = null
  }

  async #run(): Promise<void> {
    try {
      while (this.#pending.length > 0) {
        const batch = this.#pending
        this.#pending = []
        const touched = new Set<Segment>()
        let text = ''
        let segment: Segment | null = null
        for (const { seq, line } of batch) {
          const target = this.#segmentOf(seq)
          if (target !== segment && segment !== null) {
            await this.#write(segment, text)
            touched.add(segment)
            text = ''
          }
          segment = target
          text += `${line}\n`
        }
        if (segment !== null) {
          await this.#write(segment, text)
          touched.add(segment)
        }
        for (const written of touched) await written.handle!.datasync()
        const last = batch[batch.length - 1]!.seq
        this.#waiters = this.#waiters.filter((waiter) => (waiter.seq <= last ? (waiter.resolve(), false) : true))
      }
    } catch (error) {
      this.#failed = error as Error
      for (const waiter of this.#waiters) waiter.reject(this.#failed)
      this.#waiters = []
    } finally {
      this.#flushing = null
      for (const waiter of this.#waiters.splice(0)) waiter.resolve()
    }
  }

  #segmentOf(seq: number): Segment {
    for (let index = this.#segments.length - 1; index >= 0; index--) if (this.#segments[index]!.first <= seq) return this.#segments[index]!
    return this.#segments[0]!
  }

  async #write(segment: Segment, text: string): Promise<void> {
    if (segment.handle === null) {
      segment.handle = await open(segment.path, 'a')
      await syncDirectory(segment.path)
    }
    await segment.handle.write(text)
  }
}
