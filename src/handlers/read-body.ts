/**
 * Reads a request body as UTF-8 text, stopping once it passes `limit` bytes (the rest is never
 * buffered). Web APIs only (no Buffer): the browser entry serves requests with it too.
 */
export async function readBody(request: Request, limit: number): Promise<string | { tooLarge: number }> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN)
  if (declared > limit) return { tooLarge: declared }
  if (request.body === null) return ''
  const reader = request.body.getReader()
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
  // ignoreBOM keeps a leading U+FEFF in the text, as Buffer#toString did: JSON.parse then refuses it
  // (a body is JSON or it is not), where a decoder that strips it would accept the body.
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true })
  let text = ''
  for (const chunk of chunks) text += decoder.decode(chunk, { stream: true })
  return text + decoder.decode()
}
