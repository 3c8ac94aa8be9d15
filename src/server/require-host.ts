/**
 * HTTP/1.1 requires a Host header, and the URL of every request is built from it. Node refuses
 * a request without one with a bare `400 Bad Request` and no body, and lets an empty or
 * malformed one through (where building the URL then fails); the server turns Node's check off
 * (requireHostHeader: false) and answers all three here, with a JSON `{code, message}` like every
 * other refusal.
 */
import type { RequestListener } from 'node:http'
import { errorBody, problem } from '../api/errors.js'
import { hostProblem } from './host-header.js'

/** Wraps `listener`: requests with a missing (HTTP/1.1), empty or malformed Host get a JSON 400 and never reach it. */
export function requireHost(listener: RequestListener): RequestListener {
  let lastGood: string | undefined
  return (req, res) => {
    const host = req.headers.host
    // Clients send the same Host on every request: check each distinct one once.
    if (host === lastGood || hostProblem(host, req.httpVersionMinor) === null) {
      if (host !== undefined) lastGood = host
      listener(req, res)
      return
    }
    const { status, message } = problem('badHost', hostProblem(host, req.httpVersionMinor)!)
    const body = errorBody(status, message)
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), connection: 'close' })
    res.end(body)
    req.resume()
  }
}
