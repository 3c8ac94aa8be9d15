/**
 * Sends an answer made before any route runs (CORS refusals, the inspector's pages) on a
 * node:http response, with the headers every answer gets (sent-answer.ts): one writeHead and one
 * end, with Content-Length.
 */
import type { ServerResponse } from 'node:http'
import type { ApiResponse } from '../api/respond.js'
import { sentAnswer } from '../dispatch/sent-answer.js'

export function writeResponse(res: ServerResponse, response: ApiResponse): void {
  if (res.headersSent || res.destroyed) return
  const headers: Record<string, string | number> = {}
  const sent = sentAnswer(response, 'GET').headers
  for (const name in sent) headers[name.toLowerCase()] = sent[name]!
  headers['content-length'] = Buffer.byteLength(response.body)
  res.writeHead(response.status, headers)
  res.end(response.body)
}
