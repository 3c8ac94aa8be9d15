/**
 * A file's bytes as a web `ReadableStream` that makes them only as the reader asks: one chunk
 * per pull, so a long file never sits in memory whole and other requests run between chunks.
 * Web-standard only (ReadableStream, Uint8Array): the same code serves in a browser.
 */
import { realSleep } from '../platform/real-timers.js'

export interface MediaBody {
  /** Exact size in bytes (Content-Length), known without making the bytes. */
  readonly byteLength: number
  /** A new stream of the bytes; nothing is made until it is read. */
  stream(): ReadableStream<Uint8Array>
}

/** Resolves after the event loop has had a turn (in real time): pending I/O and timers run first. */
const aTurn = (): Promise<void> => realSleep(0)

/**
 * A stream over the chunks `open()` yields, pulled one at a time; cancelling stops the generator.
 * Each chunk after the first waits for a turn of the event loop: a reader that drains at once
 * (a socket on loopback) would otherwise chain every pull in microtasks, and a long file would
 * hold the event loop until its last byte.
 */
export function streamOf(open: () => Iterator<Uint8Array>): ReadableStream<Uint8Array> {
  let chunks: Iterator<Uint8Array> | undefined
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (chunks === undefined) chunks = open()
      else await aTurn()
      const next = chunks.next()
      if (next.done === true) controller.close()
      else controller.enqueue(next.value)
    },
    cancel() {
      chunks?.return?.()
    },
  })
}

/** Copies of `bytes` in pieces of `chunkBytes`: the reader owns each piece, the original stays intact. */
export function* piecesOf(bytes: Uint8Array, chunkBytes: number): Generator<Uint8Array, void, undefined> {
  for (let at = 0; at < bytes.byteLength; at += chunkBytes) yield bytes.slice(at, at + chunkBytes)
}

/** The chunks joined into one array. */
export function joinChunks(chunks: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0))
  let at = 0
  for (const chunk of chunks) {
    out.set(chunk, at)
    at += chunk.byteLength
  }
  return out
}
