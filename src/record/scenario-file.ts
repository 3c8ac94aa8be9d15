/**
 * The file `record` writes: replaced whole and atomically (a temporary file beside it, flushed,
 * renamed over it), so a reader or a crash never sees half a scenario, and written with
 * asynchronous I/O, so the proxy keeps answering while it is written. Rewritten at most once
 * per `intervalMs` while exchanges arrive, and on demand (start, stop). On demand the whole
 * text is first checked by the scenario loader (`parseScenario`, what `check` and the server
 * run): a text it refuses is not written and the reason names FILE:LINE:COL. The periodic
 * rewrites are made of pieces the loader's validation already accepted (scenario-writer.ts).
 */
import { open, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { formatScenarioError, parseScenario } from '../scenario/load.js'

/** The loader refused the text: nothing was written. */
export class ScenarioRefused extends Error {
  override name = 'ScenarioRefused'
}

export async function writeAtomically(file: string, text: string): Promise<void> {
  const temporary = join(dirname(file), `.${basename(file)}.${process.pid}.tmp`)
  const handle = await open(temporary, 'w', 0o600)
  try {
    await handle.writeFile(text)
    await handle.sync()
  } finally {
    await handle.close()
  }
  try {
    await rename(temporary, file)
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
}

export class ScenarioFile {
  readonly #file: string
  readonly #render: () => string
  readonly #intervalMs: number
  readonly #onError: (error: Error) => void
  #timer: NodeJS.Timeout | null = null
  /** Writes happen one after the other, in the order asked. */
  #queue: Promise<void> = Promise.resolve()

  constructor(file: string, render: () => string, options: { intervalMs?: number; onError?: (error: Error) => void } = {}) {
    this.#file = file
    this.#render = render
    this.#intervalMs = options.intervalMs ?? 1_000
    this.#onError = options.onError ?? (() => {})
  }

  /**
   * Writes now (after any write under way). `whole`: the loader checks the text first and a
   * refused text rejects with ScenarioRefused, the file untouched. Rejects when it cannot write.
   */
  write(check: 'whole' | 'pieces'): Promise<void> {
    if (this.#timer !== null) clearTimeout(this.#timer)
    this.#timer = null
    const text = this.#render()
    if (check === 'whole') {
      const parsed = parseScenario(text, this.#file)
      if (!parsed.ok) {
        const reasons = parsed.errors.slice(0, 10).map(formatScenarioError)
        const more = parsed.errors.length > reasons.length ? [`… and ${parsed.errors.length - reasons.length} more`] : []
        return Promise.reject(new ScenarioRefused(`the recorded scenario would not load, so it was not written:\n${[...reasons, ...more].join('\n')}`))
      }
    }
    const written = this.#queue.then(() => writeAtomically(this.#file, text))
    this.#queue = written.catch(() => {})
    return written
  }

  /** Something changed: write within the interval (one write for everything that arrives meanwhile). */
  changed(): void {
    if (this.#timer !== null) return
    this.#timer = setTimeout(() => {
      this.write('pieces').catch((error: unknown) => this.#onError(error as Error))
    }, this.#intervalMs)
  }

  /** No more periodic writes; resolves once the write under way, if any, is done. */
  async stop(): Promise<void> {
    if (this.#timer !== null) clearTimeout(this.#timer)
    this.#timer = null
    await this.#queue
  }
}
