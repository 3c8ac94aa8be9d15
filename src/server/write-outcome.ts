/**
 * Sends an answer made before any route runs (CORS refusals, the inspector's pages) on a
 * node:http response: one writeHead and one end, with Content-Length.
 */
import type { ServerResponse } from 'node:http'
import type { ApiResponse } from '../api/respond.js'

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
