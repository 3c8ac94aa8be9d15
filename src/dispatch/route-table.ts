/**
 * Every path the fake answers, in one table: the public API (api/routes.ts), the media files, the
 * OpenAPI document, `/__admin` (admin/admin-routes.ts) and, over HTTP, the front page `/`. A route is a method and a pattern of
 * literal text and `:param` segments; a request matches only the path as the table writes it
 * (case and all, no trailing slash, no extra prefix), so `/foo/api/v1/account/usage` is nobody's.
 * Matching walks the path once, without splitting it: the hot routes cost a map lookup or a few
 * `startsWith` calls.
 */
import type { AdminRoute } from '../admin/admin-routes.js'
import type { AssetKind } from '../api/asset-api.js'
import { API_PREFIX, PUBLIC_ROUTES, type PublicEndpoint } from '../api/routes.js'

export type Target =
  | { readonly area: 'api'; readonly endpoint: PublicEndpoint }
  | { readonly area: 'media'; readonly kind: AssetKind }
  | { readonly area: 'openapi'; readonly format: 'json' | 'yaml' }
  | { readonly area: 'admin'; readonly route: AdminRoute }
  | { readonly area: 'front' }

export interface RouteRow {
  readonly method: string
  /** Literal segments and `:name` segments: `/__admin/accounts/:key/top-up`. */
  readonly path: string
  readonly target: Target
}

/** A pattern as literal pieces around its parameters: `literals[0] :p0 literals[1] :p1 … literals[n]`. */
interface Compiled {
  readonly row: RouteRow
  readonly literals: readonly string[]
  readonly params: readonly string[]
}

function compile(row: RouteRow): Compiled {
  const literals: string[] = ['']
  const params: string[] = []
  for (const [i, segment] of row.path.split('/').entries()) {
    const piece = i === 0 ? '' : '/'
    if (segment.startsWith(':')) {
      literals[literals.length - 1] += piece
      params.push(segment.slice(1))
      literals.push('')
    } else literals[literals.length - 1] += piece + segment
  }
  return { row, literals, params }
}

/** The raw (still encoded) parameter values when `path` has the pattern's shape, else null. */
function matchPattern(pattern: Compiled, path: string): string[] | null {
  const { literals, params } = pattern
  if (!path.startsWith(literals[0]!)) return null
  let at = literals[0]!.length
  const values: string[] = []
  for (let i = 0; i < params.length; i++) {
    let end = path.indexOf('/', at)
    if (end === -1) end = path.length
    if (end === at) return null // an empty segment is no parameter
    values.push(path.slice(at, end))
    at = end
    const next = literals[i + 1]!
    if (!path.startsWith(next, at)) return null
    at += next.length
  }
  return at === path.length ? values : null
}

export type RouteMatch = { readonly row: RouteRow; readonly params: Readonly<Record<string, string>> } | { readonly allowed: readonly string[] }

export interface RouteTable {
  /** The route for `method` and `path`; or, when the path is a route's but not for this method, the methods it takes; null when no route has the path. */
  match(method: string, path: string): RouteMatch | null
}

/** `decode`: how a raw parameter becomes its value (null when it cannot: a malformed escape). */
export function routeTable(rows: readonly RouteRow[], decode: (raw: string) => string | null): RouteTable {
  const exact = new Map<string, Map<string, RouteRow>>()
  const patterns: Compiled[] = []
  for (const row of rows) {
    if (!row.path.includes('/:')) {
      let methods = exact.get(row.path)
      if (methods === undefined) exact.set(row.path, (methods = new Map()))
      methods.set(row.method, row)
    } else patterns.push(compile(row))
  }
  const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze({})
  return {
    match(method, path) {
      const methods = exact.get(path)
      if (methods !== undefined) {
        const row = methods.get(method)
        return row !== undefined ? { row, params: NO_PARAMS } : { allowed: [...methods.keys()] }
      }
      let allowed: string[] | null = null
      for (const pattern of patterns) {
        const values = matchPattern(pattern, path)
        if (values === null) continue
        if (pattern.row.method !== method) {
          allowed ??= []
          if (!allowed.includes(pattern.row.method)) allowed.push(pattern.row.method)
          continue
        }
        const params: Record<string, string> = {}
        for (let i = 0; i < values.length; i++) {
          const value = decode(values[i]!)
          if (value === null) return null
          params[pattern.params[i]!] = value
        }
        return { row: pattern.row, params }
      }
      return allowed === null ? null : { allowed }
    },
  }
}

const MEDIA_EXTENSION: Record<AssetKind, string> = { audio: '.wav', image: '.png' }
export { MEDIA_EXTENSION }

/** Every admin path starts with this. */
export const ADMIN_PREFIX = '/__admin/'
const MEDIA_KINDS = ['audio', 'image'] as const satisfies readonly AssetKind[]
const DOCUMENT_FORMATS = ['json', 'yaml'] as const
const mediaFolder = (kind: AssetKind): string => `/assets/${kind}/`
const documentPath = (format: 'json' | 'yaml'): string => `/openapi.${format}`

/**
 * Where the fake's paths lie, for a fake that shares an origin with an application (msw without
 * a base URL): everything under `prefixes` (the public API, `/__admin`, each media folder) and the
 * document's `paths`. Made from the same pieces as the routes below.
 */
export const OWN_AREAS: { readonly prefixes: readonly string[]; readonly paths: readonly string[] } = {
  prefixes: [API_PREFIX, ADMIN_PREFIX, ...MEDIA_KINDS.map(mediaFolder)],
  paths: DOCUMENT_FORMATS.map(documentPath),
}

/**
 * The fake's routes: public API, OpenAPI document, media files, then `admin` (the admin table of
 * one fake); with `front`, the front page `/` (the HTTP doors': in-process, `/` is the application's).
 */
export function fakeRoutes(admin: readonly AdminRoute[], front = false): RouteRow[] {
  for (const route of admin) if (!route.path.startsWith(ADMIN_PREFIX)) throw new Error(`admin route ${route.path} is not under ${ADMIN_PREFIX}`)
  return [
    ...(front ? ['GET', 'HEAD'].map((method): RouteRow => ({ method, path: '/', target: { area: 'front' } })) : []),
    ...PUBLIC_ROUTES.map((route): RouteRow => ({ method: route.method, path: route.path, target: { area: 'api', endpoint: route.endpoint } })),
    ...DOCUMENT_FORMATS.flatMap((format) =>
      ['GET', 'HEAD'].map((method): RouteRow => ({ method, path: documentPath(format), target: { area: 'openapi', format } })),
    ),
    ...MEDIA_KINDS.flatMap((kind) =>
      ['GET', 'HEAD'].map((method): RouteRow => ({ method, path: `${mediaFolder(kind)}:file`, target: { area: 'media', kind } })),
    ),
    ...admin.map((route): RouteRow => ({ method: route.method, path: route.path, target: { area: 'admin', route } })),
  ]
}
