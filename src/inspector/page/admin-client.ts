/**
 * The page's only way to the fake: `/__admin`, like any script. Writes send JSON with
 * `Content-Type: application/json` (the admin API refuses form-like bodies); with an admin token
 * (given to the page in its address's fragment, `/__inspector/#token=`, kept in memory) every
 * call sends it as a Bearer header. Paging: `limit`/`offset` with `X-Total-Count`; a server without paging
 * (an older fake) answers 400 to those parameters, and the page then pages the full list itself.
 */

import { checkWorldName } from '../../worlds/world-name.js'

export class AdminCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
    this.name = 'AdminCallError'
  }
}

const STORED = 'audio-task-mock-inspector-token'

/**
 * The admin token, from the page's address fragment (`/__inspector/#token=T`): taken once, then
 * wiped from the address bar and history, and kept in memory (and in this tab's sessionStorage,
 * which is per origin, port included, so a reload keeps it and no other server on the host sees
 * it). Never a cookie: cookies reach every port of a host (issue 27).
 */
const adminToken: string | null = (() => {
  if (typeof location === 'undefined') return null // imported outside a page (the helpers' unit tests)
  const given = /^#token=([^&]*)/.exec(location.hash)
  if (given !== null) {
    let taken: string | null
    try {
      taken = decodeURIComponent(given[1]!)
    } catch {
      taken = null
    }
    history.replaceState(null, '', `${location.pathname}${location.search}#tasks`)
    if (taken !== null && taken !== '') sessionStorage.setItem(STORED, taken)
    return taken === '' ? null : taken
  }
  return sessionStorage.getItem(STORED)
})()

function token(): string | null {
  return adminToken
}

/**
 * The world the page shows: `?world=NAME` in its address (a named world, under `/worlds/NAME`),
 * or the default world. Every admin call goes to that world's `/__admin`, except the list of
 * worlds, which is the server's.
 */
export const shownWorld: string | null = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('world') || null

/**
 * The path of an admin call in `world`. A name the fake refuses is refused here, with its
 * message (AdminCallError 400), before any call: `..` would make `/worlds/../__admin/…`, which
 * the browser folds to the default world's `/__admin/…` (issue 40).
 */
export function inWorld(path: string, world: string | null = shownWorld): string {
  if (world === null || path.startsWith('/__admin/worlds')) return path
  const checked = checkWorldName(world)
  if (!checked.ok) throw new AdminCallError(400, checked.error)
  return `/worlds/${encodeURIComponent(world)}${path}`
}

async function call(method: string, path: string, body?: { json: unknown } | { text: string; type: string }): Promise<Response> {
  const headers: Record<string, string> = {}
  const given = token()
  if (given !== null) headers['authorization'] = `Bearer ${given}`
  let payload: string | undefined
  if (body !== undefined) {
    headers['content-type'] = 'json' in body ? 'application/json' : body.type
    payload = 'json' in body ? JSON.stringify(body.json) : body.text
  }
  const response = await fetch(inWorld(path), { method, headers, body: payload, cache: 'no-store', credentials: 'omit' })
  if (!response.ok) {
    let message = `${response.status} ${response.statusText}`
    try {
      message = ((await response.json()) as { message?: string }).message ?? message
    } catch {
      // not JSON: keep the status line
    }
    throw new AdminCallError(response.status, message)
  }
  return response
}

export async function get<T>(path: string): Promise<T> {
  return (await (await call('GET', path)).json()) as T
}

export async function getText(path: string): Promise<string> {
  return (await call('GET', path)).text()
}

/** A POST with this JSON body, or with none (`POST /__admin/reset` reads a body as a scenario). */
export async function post<T>(path: string, json?: unknown): Promise<T> {
  return (await (await call('POST', path, json === undefined ? undefined : { json })).json()) as T
}

/** A scenario as YAML text (PUT /__admin/scenario); 400 errors carry `<request body>:LINE:COL: …` lines. */
export async function putScenario<T>(text: string): Promise<T> {
  return (await (await call('PUT', '/__admin/scenario', { text, type: 'application/yaml' })).json()) as T
}

export interface Page<T> {
  items: T[]
  total: number
}

/** Servers that refused `limit`/`offset` (paging not there yet): the page slices their full lists. */
const unpaged = new Set<string>()

export async function getPage<T>(path: string, query: Record<string, string | undefined>, offset: number, limit: number): Promise<Page<T>> {
  const params = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''))
  if (!unpaged.has(path)) {
    const paged = new URLSearchParams(params)
    paged.set('limit', String(limit))
    paged.set('offset', String(offset))
    try {
      const response = await call('GET', `${path}?${paged}`)
      const items = (await response.json()) as T[]
      const total = response.headers.get('x-total-count')
      if (total !== null) return { items, total: Number(total) }
      unpaged.add(path) // answered, but without paging: the list is complete
      return { items: items.slice(offset, offset + limit), total: items.length }
    } catch (error) {
      if (!(error instanceof AdminCallError && error.status === 400 && /limit|offset/.test(error.message))) throw error
      unpaged.add(path)
    }
  }
  const all = await get<T[]>(params.size === 0 ? path : `${path}?${params}`)
  return { items: all.slice(offset, offset + limit), total: all.length }
}
