/**
 * Recognises the public API's routes in a raw request line, without building a URL object. The
 * matcher is built once from the route table (api/routes.ts): per method, a map of literal paths
 * and the prefixes of the parameterised ones, so a request costs a map lookup or a prefix test
 * or two, never a scan of every route. Only the plain forms are recognised: the paths as
 * written, a parameter of unreserved characters, an optional query. Anything else (a trailing
 * slash, percent-escapes, dot segments, another method) is left to the msw handlers behind
 * express, which decide what it means, so the fast path never answers differently from them.
 */
import { PUBLIC_ROUTES, patternOf, type PublicEndpoint } from '../api/routes.js'

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

let lastHost: string | undefined
let lastOrigin: string | null = null

/**
 * The origin the client addressed (`http://` + Host), normalised as the URL parser does
 * (lower case, default port dropped); null when there is no usable Host header.
 */
export function originOf(host: string | undefined): string | null {
  if (host === undefined || host === '') return null
  if (host === lastHost) return lastOrigin
  let origin: string | null
  try {
    origin = new URL(`http://${host}`).origin
  } catch {
    origin = null
  }
  lastHost = host
  lastOrigin = origin
  return origin
}
