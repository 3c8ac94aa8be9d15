/**
 * Reads a request body as text from a node:http request, stopping once it passes `limit`
 * bytes: a declared Content-Length over the limit is refused before reading anything, and a
 * body that grows past it is no longer buffered (the 413 answer then closes the connection).
 */
import type { IncomingMessage } from 'node:http'

export async function readNodeBody(req: IncomingMessage, limit: number): Promise<string | { tooLarge: number }> {
  const bytes = await readNodeBytes(req, limit)
  return bytes instanceof Uint8Array ? bytes.toString('utf8') : bytes
}

/** The body's bytes, as they came (readNodeBody: the same, as UTF-8 text). */
export function readNodeBytes(req: IncomingMessage, limit: number): Promise<Buffer | { tooLarge: number }> {
  const declared = Number(req.headers['content-length'] ?? Number.NaN)
  if (declared > limit) return Promise.resolve({ tooLarge: declared })
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let total = 0
    // The error listener stays: a late socket error on an unread body must not go unhandled.
    const stop = (): void => {
      req.off('data', onData)
      req.off('end', onEnd)
    }
    const onData = (chunk: Buffer): void => {
      total += chunk.length
      if (total > limit) {
        stop()
        resolve({ tooLarge: total })
        return
      }
      chunks.push(chunk)
    }
    const onEnd = (): void => {
      stop()
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total))
    }
    const onError = (error: Error): void => {
      stop()
      reject(error)
    }
    req.on('data', onData)
    req.on('end', onEnd)
    req.on('error', onError)
  })
}
