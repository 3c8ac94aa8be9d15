/**
 * The admin routes marked `direct` (the clock: read, advance, set), answered by the standalone
 * server straight from node:http, as public-door.ts answers the public API. A suite that moves
 * the clock thousands of times paid ~1.7 ms a move through express and msw's interception.
 * Nothing is decided here: the request meets the guard the express app is given (admin-auth.ts:
 * token, loopback, cross-site checks) and then `answerAdmin`, the msw handlers' own answer, so
 * both paths give the same answers; the contract and hostile-admin suites run against this door.
 * Only plain requests come this way: a body of declared length (no chunked upload), within the
 * admin limit; anything else goes to `fallback`, the express app.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import { adminGuard, overHttp, type AdminAccess } from '../admin/admin-auth.js'
import { adminRoutes, type AdminRoute } from '../admin/admin-routes.js'
import type { MockHandle } from '../handle/mock-handle.js'
import { ADMIN_BODY_LIMIT, answerAdmin } from '../handlers/admin-answer.js'
import type { AdminGuard } from '../handlers/admin-handlers.js'
import { originOf } from './public-route.js'
import { failWith } from '../api/respond.js'
import { fetchHeaders } from './fetch-headers.js'
import { readNodeBody } from './read-node-body.js'
import { writeInternalError, writeResponse } from './write-outcome.js'

async function serve(route: AdminRoute, guard: AdminGuard, typed: boolean, req: IncomingMessage, res: ServerResponse, url: string): Promise<void> {
  // The body first (its declared length is within the limit), as the msw middleware reads it
  // before the handlers: then one Request for the guard and the answer.
  const body = route.method === 'GET' ? undefined : await readNodeBody(req, ADMIN_BODY_LIMIT)
  if (body !== undefined && typeof body !== 'string') return writeResponse(res, failWith('bodyTooLarge', body.tooLarge, ADMIN_BODY_LIMIT))
  const request = new Request(url, { method: req.method, headers: fetchHeaders(req.headers), body })
  const refused = guard(request)
  if (refused !== null) return writeResponse(res, refused)
  writeResponse(res, await answerAdmin(route, request, {}, typed && route.method !== 'GET'))
}

export function createAdminDoor(mock: MockHandle, admin: AdminAccess, fallback: RequestListener): RequestListener {
  const access = overHttp(admin)
  const guard = adminGuard(access)
  const typed = access.crossSiteChecks === true
  /** `METHOD path` → route, for the direct routes (none has a parameter). */
  const direct = new Map<string, AdminRoute>()
  for (const route of adminRoutes(mock)) if (route.direct === true && !route.path.includes(':')) direct.set(`${route.method} ${route.path}`, route)
  return (req, res) => {
    const path = req.url === undefined ? undefined : req.url.split('?', 1)[0]
    const route = path === undefined || !path.startsWith('/__admin/') ? undefined : direct.get(`${req.method} ${path}`)
    const declared = req.headers['content-length']
    const plain =
      route !== undefined &&
      req.headers['transfer-encoding'] === undefined &&
      (route.method === 'GET'
        ? declared === undefined || declared === '0'
        : declared !== undefined && /^\d+$/.test(declared) && Number(declared) <= ADMIN_BODY_LIMIT)
    const origin = plain ? originOf(req.headers.host) : null
    if (!plain || origin === null) {
      fallback(req, res)
      return
    }
    serve(route!, guard, typed, req, res, origin + req.url).catch((error: unknown) => writeInternalError(res, error))
  }
}
