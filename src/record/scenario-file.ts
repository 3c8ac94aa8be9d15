/**
 * The file `record` writes: replaced whole and atomically (a temporary file beside it, flushed,
 * renamed over it), so a reader or a crash never sees half a scenario. Rewritten at most once
 * per `intervalMs` while exchanges arrive, and on demand (start, stop): a crash loses at most
 * the last interval.
 */
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'

export function writeAtomically(file: string, text: string): void {
  const temporary = join(dirname(file), `.${basename(file)}.${process.pid}.tmp`)
  const fd = openSync(temporary, 'w', 0o600)
  try {
    writeSync(fd, text)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
  try {
    renameSync(temporary, file)
  } catch (error) {
    rmSync(temporary, { force: true })
    throw error
  }
}

export class ScenarioFile {
  readonly #file: string
  readonly #render: () => string
  readonly #intervalMs: number
  readonly #onError: (error: Error) => void
  #timer: NodeJS.Timeout | null = null

  constructor(file: string, render: () => string, options: { intervalMs?: number; onError?: (error: Error) => void } = {}) {
    this.#file = file
    this.#render = render
    this.#intervalMs = options.intervalMs ?? 1_000
    this.#onError = options.onError ?? (() => {})
  }

  /** Writes now; throws when the file cannot be written. */
  flush(): void {
    if (this.#timer !== null) clearTimeout(this.#timer)
    this.#timer = null
    writeAtomically(this.#file, this.#render())
  }

  /** Something changed: write within the interval (one write for everything that arrives meanwhile). */
  changed(): void {
    if (this.#timer !== null) return
    this.#timer = setTimeout(() => {
      try {
        this.flush()
      } catch (error) {
        this.#onError(error as Error)
      }
    }, this.#intervalMs)
  }
}
