/** Streams of generated files: made one chunk per pull, and never holding the event loop for a whole file. */
import { describe, expect, it } from 'vitest'
import { joinChunks, piecesOf, streamOf } from '../../src/media/media-body.js'

function* counted(made: { count: number }, chunks: number): Generator<Uint8Array, void, undefined> {
  for (let i = 0; i < chunks; i++) {
    made.count += 1
    yield new Uint8Array(16).fill(i)
  }
}

describe('streamOf', () => {
  it('makes nothing until read, then a chunk per pull', async () => {
    const made = { count: 0 }
    const stream = streamOf(() => counted(made, 100))
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(made.count).toBeLessThanOrEqual(1) // at most the one chunk the queue holds ahead
    const reader = stream.getReader()
    await reader.read()
    expect(made.count).toBeLessThanOrEqual(2)
    await reader.cancel()
  })

  it('lets timers and I/O run between chunks, even for a reader that never waits', async () => {
    const made = { count: 0 }
    const reader = streamOf(() => counted(made, 1000)).getReader()
    let chunksWhenTimerRan = -1
    setTimeout(() => (chunksWhenTimerRan = made.count), 0)
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      if (chunksWhenTimerRan >= 0) break
    }
    expect(chunksWhenTimerRan).toBeGreaterThanOrEqual(0)
    expect(chunksWhenTimerRan).toBeLessThan(10)
    await reader.cancel()
  })

  it('stops the generator when the reader cancels', async () => {
    let finished = false
    function* chunks(): Generator<Uint8Array, void, undefined> {
      try {
        for (;;) yield new Uint8Array(4)
      } finally {
        finished = true
      }
    }
    const reader = streamOf(chunks).getReader()
    await reader.read()
    await reader.cancel()
    expect(finished).toBe(true)
  })
})

describe('piecesOf and joinChunks', () => {
  it('cut and join back to the same bytes, as copies', () => {
    const bytes = Uint8Array.from({ length: 1000 }, (_, i) => i % 251)
    const pieces = [...piecesOf(bytes, 64)]
    expect(pieces.map((piece) => piece.byteLength)).toEqual([...Array(15).fill(64), 40])
    pieces[0]![0] = 99
    expect(bytes[0]).toBe(0)
    pieces[0]![0] = 0
    expect(joinChunks(pieces)).toEqual(bytes)
  })
})
