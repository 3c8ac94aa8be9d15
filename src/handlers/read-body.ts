/** Reads a request body as text, stopping once it passes `limit` bytes (the rest is never buffered). */
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
  return Buffer.concat(chunks, total).toString('utf8')
}
