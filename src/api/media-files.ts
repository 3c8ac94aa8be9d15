/**
 * The bytes behind the media routes: a clip's WAV or PNG as a `MediaBody` whose size is known
 * at once (HEAD makes nothing) and whose bytes are made as they are read. Files up to 8 MiB
 * (audio up to ~17 minutes, every cover) are kept, 32 MiB in all, least recently used first out.
 */
import { hash53 } from '../domain/random.js'
import { joinChunks, piecesOf, streamOf, type MediaBody } from '../media/media-body.js'
import { MediaCache } from '../media/media-cache.js'
import { pngBytes } from '../media/png.js'
import { WAV_CHUNK_BYTES, wavByteLength, wavChunks } from '../media/wav.js'

export const mediaCache = new MediaCache({ maxBytes: 32 * 1024 * 1024, maxEntryBytes: 8 * 1024 * 1024 })

const seedOf = (clipId: string): number => hash53(clipId) % 4294967296

function cachedBody(bytes: Uint8Array): MediaBody {
  return { byteLength: bytes.byteLength, stream: () => streamOf(() => piecesOf(bytes, WAV_CHUNK_BYTES)) }
}

/** The WAV of a clip, `seconds` long. */
export function audioBody(clipId: string, seconds: number): MediaBody {
  const key = `audio:${clipId}:${seconds}`
  const cached = mediaCache.get(key)
  if (cached !== undefined) return cachedBody(cached)
  const options = { seconds, seed: seedOf(clipId) }
  const byteLength = wavByteLength(options)
  const keep = byteLength <= mediaCache.maxEntryBytes
  function* chunks(): Generator<Uint8Array, void, undefined> {
    const made: Uint8Array[] = []
    for (const chunk of wavChunks(options)) {
      if (keep) made.push(chunk)
      yield keep ? chunk.slice() : chunk // the reader owns what it gets; the cache keeps its own
    }
    if (keep) mediaCache.set(key, joinChunks(made)) // only once read to the end
  }
  return { byteLength, stream: () => streamOf(chunks) }
}

/** The PNG cover of a clip (small: made whole, and kept). */
export function imageBody(clipId: string): MediaBody {
  const key = `image:${clipId}`
  let bytes = mediaCache.get(key)
  if (bytes === undefined) {
    bytes = pngBytes({ seed: seedOf(clipId) })
    mediaCache.set(key, bytes)
  }
  return cachedBody(bytes)
}
