/**
 * Recognises the public API's routes in a request's path (and query), without building a URL
 * object; the node:http fast path (server/public-door.ts) and `mock.fetch` (mock/fetch-door.ts)
 * both use it, so neither keeps route knowledge of its own. The
 * matcher is built once from the route table (api/routes.ts): per method, a map of literal paths
 * and the prefixes of the parameterised ones, so a request costs a map lookup or a prefix test
 * or two, never a scan of every route. Only the plain forms are recognised: the paths as
 * written, a parameter of unreserved characters, an optional query. Anything else (a trailing
 * slash, percent-escapes, dot segments, another method) is left to the msw handlers behind
 * express (or behind `mock.fetch`), which decide what it means, so a fast path never answers
 * differently from them.
 */
import { PUBLIC_ROUTES, patternOf, type PublicEndpoint } from './routes.js'

export type PublicRoute = { kind: 'create' } | { kind: 'usage' } | { kind: 'get_task'; taskId: string }

interface MethodRoutes {
  /** Literal path → its match (one object per route, shared by every request). */
  readonly exact: Map<string, PublicRoute>
  /** Parameterised routes: prefix, then one segment. */
  readonly prefixed: { readonly prefix: string; readonly kind: PublicEndpoint }[]
}

const BY_METHOD = new Map<string, MethodRoutes>()
for (const route of PUBLIC_ROUTES) {
  let routes = BY_METHOD.get(route.method)
  if (routes === undefined) BY_METHOD.set(route.method, (routes = { exact: new Map(), prefixed: [] }))
  const { prefix, param } = patternOf(route.path)
  if (param === null) routes.exact.set(prefix, { kind: route.endpoint } as PublicRoute)
  else routes.prefixed.push({ prefix, kind: route.endpoint })
}

/** RFC 3986 unreserved characters: URL parsing leaves them as they are. */
const PARAM = /^[A-Za-z0-9._~-]+$/

export function publicRoute(method: string | undefined, url: string | undefined): PublicRoute | null {
  if (url === undefined || method === undefined) return null
  const routes = BY_METHOD.get(method)
  if (routes === undefined) return null
  const query = url.indexOf('?')
  const path = query === -1 ? url : url.slice(0, query)
  for (const { prefix, kind } of routes.prefixed) {
    if (!path.startsWith(prefix)) continue
    const param = path.slice(prefix.length)
    return PARAM.test(param) && param !== '.' && param !== '..' ? ({ kind, taskId: param } as PublicRoute) : null
  }
  return routes.exact.get(path) ?? null
}
