/**
 * Sends an api-layer outcome on a node:http response: one writeHead and one end (a single
 * write with Content-Length, no streams), after the fault's delay if any; a `drop` fault
 * destroys the socket without an answer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Outcome } from '../api/public-api.js'
import { internalError, type ApiResponse } from '../api/respond.js'

export function writeResponse(res: ServerResponse, response: ApiResponse): void {
  if (res.headersSent || res.destroyed) return
  const headers: Record<string, string | number> = { 'content-type': 'application/json' }
  if (response.headers !== undefined) {
    for (const name of Object.keys(response.headers)) headers[name.toLowerCase()] = response.headers[name]!
  }
  headers['content-length'] = Buffer.byteLength(response.body)
  res.writeHead(response.status, headers)
  res.end(response.body)
}

export function writeOutcome(req: IncomingMessage, res: ServerResponse, outcome: Outcome): void {
  if (outcome.delayMs > 0) {
    setTimeout(() => writeOutcome(req, res, { ...outcome, delayMs: 0 } as Outcome), outcome.delayMs)
    return
  }
  if (outcome.drop) req.socket.destroy()
  else writeResponse(res, outcome.response)
}

export function writeInternalError(res: ServerResponse, error: unknown): void {
  if (res.headersSent) res.destroy()
  else writeResponse(res, internalError(error))
}
