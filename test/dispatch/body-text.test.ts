import { describe, expect, it } from 'vitest'
import { bodyText, readStream } from '../../src/dispatch/body-text.js'

/** The body of `request` as the dispatch reads it (the msw and fetch doors read a Request so). */
const readBody = (request: Request, limit: number) =>
  bodyText(
    { method: request.method, path: '/', search: '', base: 'http://x.test', headers: request.headers, body: (max) => readStream(request.body, max) },
    limit,
  )

/** A request whose body arrives in the given pieces, as a network would deliver it. */
function streamed(pieces: Uint8Array[]): Request {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(piece)
      controller.close()
    },
  })
  return new Request('http://x.test/', { method: 'POST', body, duplex: 'half' } as RequestInit)
}

describe('bodyText over a web stream', () => {
  it('decodes UTF-8 whose characters are split across chunks', async () => {
    const bytes = new TextEncoder().encode('für Élise — 東京 🎹')
    const pieces = Array.from(bytes, (byte) => Uint8Array.of(byte)) // one byte per chunk: every character split
    expect(await readBody(streamed(pieces), 1024)).toBe('für Élise — 東京 🎹')
  })

  it('keeps a leading byte order mark, so a JSON body that starts with one is still refused', async () => {
    const text = await readBody(streamed([new TextEncoder().encode('\uFEFF{}')]), 100)
    expect(text).toBe('\uFEFF{}')
    expect(() => JSON.parse(text as string)).toThrow()
  })

  it('stops at the limit without reading the rest', async () => {
    const piece = new Uint8Array(600).fill(0x61)
    expect(await readBody(streamed([piece, piece, piece]), 1000)).toEqual({ tooLarge: 1200 })
  })

  it('answers an empty body with an empty string', async () => {
    expect(await readBody(new Request('http://x.test/', { method: 'POST' }), 10)).toBe('')
  })
})
