/**
 * Test mode: once the test suite installed its answer check (api/answer-check.ts, see
 * openapi/test-mode.ts), every answer of the public API is checked against the OpenAPI document
 * before it leaves, in-process and over HTTP alike. An
 * answer off the document is replaced by a 500 that says what is wrong, and is recorded, so a drift
 * between the schema and the behaviour fails the test that caused it. Statuses a scenario scripts on
 * purpose (a fault's `respond.status`) are checked as error bodies even where the document has none.
 */
import { getResponse, http, type HttpHandler } from 'msw'
import { answerCheck } from '../openapi/answer-check.js'
import { failWith } from '../api/respond.js'
import type { MockHandle } from '../handle/mock-handle.js'
import { toResponse } from './create-handlers.js'

/** `handlers` as they are, or, in test mode, behind one handler that checks what they answer under /api/. */
export function checkResponses(source: Pick<MockHandle, 'world' | 'commit'>, handlers: HttpHandler[], options: { baseUrl?: string } = {}): HttpHandler[] {
  const check = answerCheck()
  if (check === null) return handlers
  const base = options.baseUrl?.replace(/\/+$/, '')
  // A regular expression, not a path pattern: msw decodes a pattern's parameters, which throws on a
  // malformed percent-encoding before the handlers that answer it see the request.
  const escaped = base?.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') ?? '[a-z][a-z0-9+.-]*://[^/]+'
  const checker = http.all(new RegExp(`^${escaped}/api/`), async ({ request }) => {
    const { method } = request
    const url = new URL(request.url)
    const response = await getResponse(handlers, request)
    if (response === undefined || response.type === 'error') return response
    const body = await response.clone().text()
    const message = await check({ method, path: url.pathname, status: response.status, headers: response.headers, body }, source.world.scenario)
    return message === null ? response : toResponse(failWith('offDocument', message))
  })
  return [checker, ...handlers]
}
