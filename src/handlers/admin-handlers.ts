/**
 * `/__admin/*` as msw handlers: one definition that serves in-process (setupServer) and over
 * HTTP (the express app mounts every handler). Success bodies are the JSON views themselves;
 * errors are `{code, message}` like the public API, unknown admin routes 404 and wrong methods 405.
 */
import { http, matchRequestUrl, type HttpHandler } from 'msw'
import { fail, failWith, type ApiResponse } from '../api/respond.js'
import { AdminError } from '../admin/admin-error.js'
import { adminRoutes, type AdminRoute } from '../admin/admin-routes.js'
import type { MockHandle } from '../handle/mock-handle.js'
import { contentTypeRefusal, JSON_TYPES, SCENARIO_TYPES, untypedBodyRefusal } from '../admin/cross-site.js'
import { pageHeaders, type Page } from '../admin/paging.js'
import { toResponse } from './create-handlers.js'
import { readBody } from './read-body.js'

/**
 * Admin bodies (scenarios included) may be this large. Parsing a scenario holds the server's one
 * thread (1.1 MiB of YAML accounts took 10 s over HTTP on the shared 2-core machine at load
 * average 18), so the limit is what a real scenario (a few KiB) needs with room to spare, not
 * what memory allows (decision 015).
 */
export const ADMIN_BODY_LIMIT = 1024 * 1024

const METHODS = { GET: http.get, POST: http.post, PUT: http.put, DELETE: http.delete } as const

async function answer(route: AdminRoute, request: Request, params: Record<string, string>, typed: boolean): Promise<ApiResponse> {
  // Over HTTP a body must come typed as JSON (or YAML for scenarios): no cross-site form can send those types.
  const accepted = route.body === 'scenario' ? SCENARIO_TYPES : JSON_TYPES
  const contentType = request.headers.get('content-type')
  const wrongType = typed ? contentTypeRefusal(contentType, accepted) : null
  if (wrongType !== null) return wrongType
  const read = await readBody(request, ADMIN_BODY_LIMIT)
  if (typeof read !== 'string') return failWith('bodyTooLarge', read.tooLarge, ADMIN_BODY_LIMIT)
  if (typed && contentType === null && read !== '') return untypedBodyRefusal(accepted)
  let body: unknown
  if (route.body !== 'scenario' && read.trim() !== '') {
    try {
      body = JSON.parse(read)
    } catch (error) {
      return failWith('malformedJson', (error as Error).message)
    }
  }
  const query = Object.fromEntries(new URL(request.url).searchParams)
  try {
    const value = route.run({ params, query, body, text: read })
    if (route.paged) {
      const page = value as Page<unknown>
      return { status: route.status ?? 200, body: JSON.stringify(page.items), headers: pageHeaders(page, request.url) }
    }
    if (route.produces === 'yaml') return { status: route.status ?? 200, body: String(value), headers: { 'content-type': 'application/yaml; charset=utf-8' } }
    return { status: route.status ?? 200, body: JSON.stringify(value) }
  } catch (error) {
    if (error instanceof AdminError) return fail(error.status, error.message)
    throw error
  }
}

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
      return toResponse(await answer(route, request, params as Record<string, string>, typed && route.method !== 'GET'))
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
