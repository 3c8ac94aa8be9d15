/**
 * What an admin request is answered, once past the guard, whichever door it came through: the
 * msw handlers (admin-handlers.ts) and the standalone server's admin door (server/admin-door.ts).
 * No msw here, so the server can answer the admin API without loading it.
 */
import { fail, failWith, type ApiResponse } from '../api/respond.js'
import { AdminError } from '../admin/admin-error.js'
import type { AdminRoute } from '../admin/admin-routes.js'
import { contentTypeRefusal, JSON_TYPES, SCENARIO_TYPES, untypedBodyRefusal } from '../admin/cross-site.js'
import { pageHeaders, type Page } from '../admin/paging.js'
import { readBody } from './read-body.js'

/**
 * Admin bodies (scenarios included) may be this large. Parsing a scenario holds the server's one
 * thread (1.1 MiB of YAML accounts took 10 s over HTTP on the shared 2-core machine at load
 * average 18), so the limit is what a real scenario (a few KiB) needs with room to spare, not
 * what memory allows (decision 015).
 */
export const ADMIN_BODY_LIMIT = 1024 * 1024

/** One admin request, once past the guard: what every door that serves `/__admin` answers (msw handlers, server/admin-door.ts). */
export async function answerAdmin(route: AdminRoute, request: Request, params: Record<string, string>, typed: boolean): Promise<ApiResponse> {
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
