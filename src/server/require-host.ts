/**
 * HTTP/1.1 requires a Host header. Node refuses a request without one with a bare
 * `400 Bad Request` and no body; the server turns that check off (requireHostHeader: false)
 * and answers here instead, with a JSON `{code, message}` like every other refusal.
 */
import type { RequestListener } from 'node:http'

export const MISSING_HOST_MESSAGE = 'Malformed HTTP request: an HTTP/1.1 request needs a Host header'

/** Wraps `listener`: HTTP/1.1 requests without a Host header get a JSON 400 and never reach it. */
export function requireHost(listener: RequestListener): RequestListener {
  return (req, res) => {
    if (req.headers.host !== undefined || req.httpVersionMinor === 0) {
      listener(req, res)
      return
    }
    const body = JSON.stringify({ code: 400, message: MISSING_HOST_MESSAGE })
    res.writeHead(400, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), connection: 'close' })
    res.end(body)
    req.resume()
  }
}
