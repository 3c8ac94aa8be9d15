/**
 * `/__admin/*` as msw handlers: one definition that serves in-process (setupServer) and over
 * HTTP (the express app mounts every handler). Success bodies are the JSON views themselves;
 * errors are `{code, message}` like the public API, unknown admin routes 404 and wrong methods 405.
 */
import { http, matchRequestUrl, type HttpHandler } from 'msw'
import { failWith, type ApiResponse } from '../api/respond.js'
import { adminRoutes } from '../admin/admin-routes.js'
import type { MockHandle } from '../handle/mock-handle.js'
import { answerAdmin } from './admin-answer.js'
import { toResponse } from './create-handlers.js'

export { ADMIN_BODY_LIMIT } from './admin-answer.js'

/**
 * Refuses an admin request (its 401/403 answer) or lets it through (null). Injected by the caller:
 * the HTTP server passes `adminGuard(access)` from admin-auth.ts, which compares tokens with
 * node:crypto; a page (the browser entry) passes none, since nothing outside it can reach its handlers.
 */
export type AdminGuard = (request: Request) => ApiResponse | null

const OPEN: AdminGuard = () => null

export interface AdminHandlerOptions {
  baseUrl?: string
  guard?: AdminGuard
  /** Over HTTP: bodies must come typed as JSON (YAML for scenarios), which no cross-site form can send (cross-site.ts). */
  typedBodies?: boolean
}

/**
 * One msw handler for all of `/__admin`: msw records where each handler was made (a stack trace
 * apiece), and a handler per route made the admin API most of the cost of a fake's handlers. The
 * route is found with msw's own matcher on the pattern a handler per route would have had, so
 * requests match exactly as before; a path no route has is a 404, a method it does not take a 405.
 */
export function createAdminHandlers(host: MockHandle, options: AdminHandlerOptions = {}): HttpHandler[] {
  const base = options.baseUrl?.replace(/\/+$/, '') ?? '*'
  const guard = options.guard ?? OPEN
  const typed = options.typedBodies === true
  const routes = adminRoutes(host).map((route) => ({ route, pattern: `${base}${route.path}` }))
  return [
    http.all(`${base}/__admin/*`, async ({ request }) => {
      const refused = guard(request)
      if (refused !== null) return toResponse(refused)
      const url = new URL(request.url)
      const method = request.method.toUpperCase()
      const allowed: string[] = []
      for (const { route, pattern } of routes) {
        const { matches, params } = matchRequestUrl(url, pattern)
        if (!matches) continue
        if (route.method === method) return toResponse(await answerAdmin(route, request, params as Record<string, string>, typed && route.method !== 'GET'))
        allowed.push(route.method)
      }
      if (allowed.length === 0) return toResponse(failWith('noAdminRoute', request.method, url.pathname))
      const listed = allowed.join(', ')
      return toResponse({ ...failWith('methodNotAllowed', request.method, url.pathname, listed), headers: { allow: listed } })
    }),
  ]
}
