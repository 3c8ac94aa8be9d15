/**
 * Generated files kept for the next download, bounded in bytes: the least recently used go
 * first, and a file larger than `maxEntryBytes` is never kept (it is streamed anew each time).
 */
export interface MediaCacheOptions {
  /** All kept files together stay within this many bytes. */
  maxBytes: number
  /** A file larger than this is not kept. */
  maxEntryBytes: number
}

export class MediaCache {
  readonly maxBytes: number
  readonly maxEntryBytes: number
  readonly #files = new Map<string, Uint8Array>()
  #bytes = 0

  constructor(options: MediaCacheOptions) {
    this.maxBytes = options.maxBytes
    this.maxEntryBytes = Math.min(options.maxEntryBytes, options.maxBytes)
  }

  /** Bytes held now. */
  get bytes(): number {
    return this.#bytes
  }

  get size(): number {
    return this.#files.size
  }

  get(key: string): Uint8Array | undefined {
    const file = this.#files.get(key)
    if (file !== undefined) {
      this.#files.delete(key) // re-inserted: most recently used last
      this.#files.set(key, file)
    }
    return file
  }

  /** Keeps `file` unless it is too large; evicts the least recently used files to make room. */
  set(key: string, file: Uint8Array): void {
    if (file.byteLength > this.maxEntryBytes) return
    this.delete(key)
    for (const [oldest, old] of this.#files) {
      if (this.#bytes + file.byteLength <= this.maxBytes) break
      this.#files.delete(oldest)
      this.#bytes -= old.byteLength
    }
    this.#files.set(key, file)
    this.#bytes += file.byteLength
  }

  delete(key: string): void {
    const file = this.#files.get(key)
    if (file === undefined) return
    this.#files.delete(key)
    this.#bytes -= file.byteLength
  }
}
