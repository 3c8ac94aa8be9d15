/**
 * The public API's routes, once: method, path pattern, endpoint and OpenAPI operation. Everything
 * that knows a route derives from this table: the dispatch's route table (dispatch/route-table.ts),
 * the journal's paths and the OpenAPI document's `paths` (openapi/paths.ts). Adding a route is a
 * row here plus its answer in public-api.ts. A pattern is literal segments, optionally ending in
 * one `:param` segment (checked when this module loads).
 */
import type { Endpoint } from '../domain/types.js'

export interface RouteSpec {
  readonly endpoint: Exclude<Endpoint, 'asset'>
  readonly method: 'GET' | 'POST'
  /** msw's pattern syntax: `/api/v1/task/:taskId`. */
  readonly path: string
  readonly operationId: string
  /** The request has a JSON body. */
  readonly body?: true
}

export const PUBLIC_ROUTES = [
  { endpoint: 'create', method: 'POST', path: '/api/v1/task', operationId: 'createTask', body: true },
  { endpoint: 'get_task', method: 'GET', path: '/api/v1/task/:taskId', operationId: 'getTask' },
  { endpoint: 'usage', method: 'GET', path: '/api/v1/account/usage', operationId: 'getUsage' },
] as const satisfies readonly RouteSpec[]

/** The path every public route starts with: requests under it that no route answers get a JSON 404 or 405. */
export const API_PREFIX = '/api/v1/'
for (const route of PUBLIC_ROUTES) if (!`${route.path}/`.startsWith(API_PREFIX)) throw new Error(`route ${route.path} is not under ${API_PREFIX}`)

export type PublicRouteSpec = (typeof PUBLIC_ROUTES)[number]
export type PublicEndpoint = PublicRouteSpec['endpoint']
export type OperationId = PublicRouteSpec['operationId']

/** The public endpoints, in the table's order. */
export const PUBLIC_ENDPOINTS: readonly PublicEndpoint[] = PUBLIC_ROUTES.map((route) => route.endpoint)

/** A pattern split at its parameter: `prefix` + one segment (param), or exactly `prefix` (param null). */
export interface Pattern {
  readonly prefix: string
  readonly param: string | null
}

export function patternOf(path: string): Pattern {
  const colon = path.indexOf(':')
  if (colon === -1) return { prefix: path, param: null }
  const param = path.slice(colon + 1)
  if (path[colon - 1] !== '/' || !/^[A-Za-z]\w*$/.test(param)) throw new Error(`route ${path}: only a last segment may be a :param`)
  return { prefix: path.slice(0, colon), param }
}

const PATTERNS = new Map<PublicEndpoint, Pattern>(PUBLIC_ROUTES.map((route) => [route.endpoint, patternOf(route.path)]))

export function routeOf<E extends PublicEndpoint>(endpoint: E): Extract<PublicRouteSpec, { endpoint: E }> {
  return PUBLIC_ROUTES.find((route) => route.endpoint === endpoint) as Extract<PublicRouteSpec, { endpoint: E }>
}

/** The path a request to `endpoint` names, its parameter (if any) filled in: the journal's `path`. */
export function pathOf(endpoint: PublicEndpoint, param?: string): string {
  const { prefix, param: name } = PATTERNS.get(endpoint)!
  return name === null ? prefix : prefix + (param ?? '')
}

/** The pattern as OpenAPI writes it: `/api/v1/task/{taskId}`. */
export function openApiPath(path: string): string {
  const { prefix, param } = patternOf(path)
  return param === null ? prefix : `${prefix}{${param}}`
}

/** The public route a request is for (its parameter still as sent), or null: for readers of traffic the dispatch did not route (a recording). */
export function publicRouteOf(method: string, path: string): { endpoint: PublicEndpoint; param: string | null } | null {
  for (const route of PUBLIC_ROUTES) {
    if (route.method !== method) continue
    const { prefix, param } = PATTERNS.get(route.endpoint)!
    if (param === null) {
      if (path === prefix) return { endpoint: route.endpoint, param: null }
    } else if (path.startsWith(prefix) && path.length > prefix.length && !path.includes('/', prefix.length)) {
      return { endpoint: route.endpoint, param: path.slice(prefix.length) }
    }
  }
  return null
}
