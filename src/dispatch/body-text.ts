/**
 * A request body as the fake reads it: UTF-8 text, at most `limit` bytes. A declared
 * Content-Length over the limit is refused before anything is read; a body that grows past it is
 * no longer buffered. Web APIs only (no Buffer): the browser entry reads bodies with it too.
 */
import type { DispatchRequest } from './request.js'

export type BodyText = string | { tooLarge: number }

const decoder = new TextDecoder('utf-8', { ignoreBOM: true })

/**
 * ignoreBOM keeps a leading U+FEFF in the text: JSON.parse then refuses it (a body is JSON or it
 * is not), where a decoder that strips it would accept the body.
 */
export function utf8(bytes: Uint8Array): string {
  return decoder.decode(bytes)
}

export async function bodyText(request: DispatchRequest, limit: number): Promise<BodyText> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN)
  if (declared > limit) return { tooLarge: declared }
  const body = await request.body(limit)
  return body instanceof Uint8Array ? utf8(body) : body
}

/** A web stream's bytes up to `limit` (the rest is never buffered; the stream is cancelled). */
export async function readStream(stream: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array | { tooLarge: number }> {
  if (stream === null) return new Uint8Array(0)
  const reader = stream.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > limit) {
      reader.cancel().catch(() => undefined)
      return { tooLarge: total }
    }
    chunks.push(value)
  }
  if (chunks.length === 1) return chunks[0]!
  const bytes = new Uint8Array(total)
  let at = 0
  for (const chunk of chunks) {
    bytes.set(chunk, at)
    at += chunk.byteLength
  }
  return bytes
}
