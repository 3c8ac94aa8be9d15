/**
 * What an admin request is answered once it has a route: the access guard, the body's type and
 * size, then the route's operation (admin/admin-routes.ts). Errors are `{code, message}` like the
 * public API; a list answers one page, with X-Total-Count and Link headers.
 */
import { fail, failWith, type ApiResponse } from '../api/respond.js'
import { AdminError } from '../admin/admin-error.js'
import type { AdminRoute } from '../admin/admin-routes.js'
import { contentTypeRefusal, JSON_TYPES, SCENARIO_TYPES, untypedBodyRefusal } from '../admin/cross-site.js'
import { pageHeaders, type Page } from '../admin/paging.js'
import { bodyText } from './body-text.js'
import type { DispatchRequest } from './request.js'

/**
 * Admin bodies (scenarios included) may be this large. Parsing a scenario holds the server's one
 * thread, so the limit is what a real scenario (a few KiB) needs with room to spare, not what
 * memory allows (decision 015).
 */
export const ADMIN_BODY_LIMIT = 1024 * 1024

/**
 * Refuses an admin request (its 401/403 answer) or lets it through (null). Injected by the door:
 * the HTTP doors pass `adminGuard(access)` from admin-auth.ts, which compares tokens with
 * node:crypto; in-process doors pass none, since nothing outside the process reaches them.
 */
export type AdminGuard = (request: Request) => ApiResponse | null

/** The request as the guard sees it: its URL and headers (no body). */
function guardRequest(url: string, request: DispatchRequest, names: readonly string[]): Request {
  const headers = new Headers()
  for (const name of names) {
    const value = request.headers.get(name)
    if (value !== null) headers.set(name, value)
  }
  return new Request(url, { headers })
}

/** What the guards of admin-auth.ts and cross-site.ts read. */
const GUARDED_HEADERS = ['authorization', 'x-admin-token', 'origin', 'sec-fetch-site', 'content-type']

export function refusedByGuard(guard: AdminGuard | undefined, url: string, request: DispatchRequest): ApiResponse | null {
  return guard === undefined ? null : guard(guardRequest(url, request, GUARDED_HEADERS))
}

/** One admin request of `route`, past the guard. `typed`: bodies must come typed as JSON (YAML for scenarios), as over HTTP. */
export async function answerAdmin(
  route: AdminRoute,
  request: DispatchRequest,
  url: string,
  params: Record<string, string>,
  typed: boolean,
): Promise<ApiResponse> {
  // Over HTTP a body must come typed as JSON (or YAML for scenarios): no cross-site form can send those types.
  const bodied = route.method !== 'GET'
  const accepted = route.body === 'scenario' ? SCENARIO_TYPES : JSON_TYPES
  const contentType = request.headers.get('content-type')
  const wrongType = typed && bodied ? contentTypeRefusal(contentType, accepted) : null
  if (wrongType !== null) return wrongType
  const read = bodied ? await bodyText(request, ADMIN_BODY_LIMIT) : ''
  // The rest of the body is never read: nothing more is read from this connection (as for a create).
  if (typeof read !== 'string') return { ...failWith('bodyTooLarge', read.tooLarge, ADMIN_BODY_LIMIT), headers: { connection: 'close' } }
  if (typed && bodied && contentType === null && read !== '') return untypedBodyRefusal(accepted)
  let body: unknown
  if (route.body !== 'scenario' && read.trim() !== '') {
    try {
      body = JSON.parse(read)
    } catch (error) {
      return failWith('malformedJson', (error as Error).message)
    }
  }
  const query = Object.fromEntries(new URLSearchParams(request.search))
  try {
    const value = route.run({ params, query, body, text: read, base: request.base })
    if (route.paged) {
      const page = value as Page<unknown>
      return { status: route.status ?? 200, body: JSON.stringify(page.items), headers: pageHeaders(page, url) }
    }
    if (route.produces === 'yaml') return { status: route.status ?? 200, body: String(value), headers: { 'content-type': 'application/yaml; charset=utf-8' } }
    return { status: route.status ?? 200, body: JSON.stringify(value) }
  } catch (error) {
    if (error instanceof AdminError) return fail(error.status, error.message)
    throw error
  }
}
