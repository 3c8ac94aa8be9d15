/**
 * The admin API (`/__admin/*`), answered by the standalone server straight from node:http, as
 * public-door.ts answers the public API: express and msw are not loaded for it. A QA session or a
 * suite's first admin call used to wait ~0.4 s (0.5 s of CPU) while both were imported, and every
 * call paid ~1.7 ms going through them. Nothing is decided here: the request meets the guard the
 * express app is given (admin-auth.ts: token, loopback, cross-site checks) and then `answerAdmin`,
 * the msw handlers' own answer, so both paths give the same answers; the contract and
 * hostile-admin suites run against this door and against the express app.
 *
 * Only what is certain to mean the same here as under msw comes this way: a route of the table
 * matched segment by segment (same case, no trailing slash, parameters that decode), and a plain
 * request (a body of declared length within the admin limit, no chunked upload). Everything else
 * (unknown admin paths and wrong methods, their 404s and 405s, unusual spellings msw's matcher also
 * accepts) goes to `fallback`, the express app.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import { adminGuard, overHttp, type AdminAccess } from '../admin/admin-auth.js'
import { adminRoutes, type AdminRoute } from '../admin/admin-routes.js'
import type { MockHandle } from '../handle/mock-handle.js'
import { ADMIN_BODY_LIMIT, answerAdmin } from '../handlers/admin-answer.js'
import type { AdminGuard } from '../handlers/admin-handlers.js'
import { pathMatcher, requestUrl } from './path-match.js'
import { originOf } from './public-route.js'
import { failWith } from '../api/respond.js'
import { fetchHeaders } from './fetch-headers.js'
import { readNodeBytes } from './read-node-body.js'
import { writeInternalError, writeResponse } from './write-outcome.js'

export interface AdminMatch {
  route: AdminRoute
  params: Record<string, string>
}

/**
 * The admin route a request is for, when this door can answer it exactly as the msw handlers would
 * (path-match.ts); null sends it on to the express app. `pathname` is the request URL's, as parsed.
 */
export function adminRouteMatcher(routes: readonly AdminRoute[]): (method: string, pathname: string) => AdminMatch | null {
  const match = pathMatcher(routes.map((route) => ({ method: route.method, path: route.path, value: route })))
  return (method, pathname) => {
    const found = match(method, pathname)
    return found === null ? null : { route: found.value, params: found.params }
  }
}

async function serve(match: AdminMatch, guard: AdminGuard, typed: boolean, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const { route, params } = match
  // The body first (its declared length is within the limit), as the msw middleware reads it
  // before the handlers: then one Request for the guard and the answer. Its bytes as they came: a
  // string body would give the Request a Content-Type (text/plain) the client never sent.
  const body = route.method === 'GET' ? undefined : await readNodeBytes(req, ADMIN_BODY_LIMIT)
  if (body !== undefined && !(body instanceof Uint8Array)) return writeResponse(res, failWith('bodyTooLarge', body.tooLarge, ADMIN_BODY_LIMIT))
  // Node's socket buffers sit on plain ArrayBuffers (never shared ones).
  const request = new Request(url, { method: req.method, headers: fetchHeaders(req.headers), body: body as Uint8Array<ArrayBuffer> | undefined })
  const refused = guard(request)
  if (refused !== null) return writeResponse(res, refused)
  writeResponse(res, await answerAdmin(route, request, params, typed && route.method !== 'GET'))
}

/**
 * A request this door can take: no chunked upload, and no body or one of declared length within
 * the admin limit (a GET, none at all).
 */
function plain(req: IncomingMessage, method: AdminRoute['method']): boolean {
  if (req.headers['transfer-encoding'] !== undefined) return false
  const declared = req.headers['content-length']
  if (declared === undefined || declared === '0') return true
  return method !== 'GET' && /^\d+$/.test(declared) && Number(declared) <= ADMIN_BODY_LIMIT
}

export function createAdminDoor(mock: MockHandle, admin: AdminAccess, fallback: RequestListener): RequestListener {
  const access = overHttp(admin)
  const guard = adminGuard(access)
  const typed = access.crossSiteChecks === true
  const match = adminRouteMatcher(adminRoutes(mock))
  return (req, res) => {
    const target = req.url
    const origin = target !== undefined && target.startsWith('/__admin/') ? originOf(req.headers.host) : null
    // The path as the URL parser (and so msw) sees it: dot segments resolved, characters escaped.
    const url = origin === null ? null : requestUrl(origin, target!)
    const found = url === null ? null : match(req.method ?? '', url.pathname)
    if (found === null || !plain(req, found.route.method)) {
      fallback(req, res)
      return
    }
    serve(found, guard, typed, req, res, url!).catch((error: unknown) => writeInternalError(res, error))
  }
}
