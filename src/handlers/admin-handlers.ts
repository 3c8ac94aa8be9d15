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

const METHODS = { GET: http.get, POST: http.post, PUT: http.put, DELETE: http.delete } as const

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

export function createAdminHandlers(host: MockHandle, options: AdminHandlerOptions = {}): HttpHandler[] {
  const base = options.baseUrl?.replace(/\/+$/, '') ?? '*'
  const guard = options.guard ?? OPEN
  const typed = options.typedBodies === true
  const routes = adminRoutes(host)
  const handlers = routes.map((route) =>
    METHODS[route.method](`${base}${route.path}`, async ({ request, params }) => {
      const refused = guard(request)
      if (refused !== null) return toResponse(refused)
      return toResponse(await answerAdmin(route, request, params as Record<string, string>, typed && route.method !== 'GET'))
    }),
  )
  handlers.push(
    http.all(`${base}/__admin/*`, ({ request }) => {
      const refused = guard(request)
      if (refused !== null) return toResponse(refused)
      const url = new URL(request.url)
      const allowed = routes.filter((route) => matchRequestUrl(url, `${url.origin}${route.path}`).matches).map((route) => route.method)
      if (allowed.length === 0) return toResponse(failWith('noAdminRoute', request.method, url.pathname))
      const listed = allowed.join(', ')
      return toResponse({ ...failWith('methodNotAllowed', request.method, url.pathname, listed), headers: { allow: listed } })
    }),
  )
  return handlers
}
