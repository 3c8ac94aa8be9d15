/**
 * Matches a request's method and path against route patterns (`/__admin/accounts/:key`), for the
 * standalone server's node:http doors that answer what the msw handlers answer (admin-door.ts,
 * media-door.ts). Only what is certain to mean the same as under msw's matcher matches: literal
 * segments in the same case, no trailing slash, parameters that are not empty and decode with
 * decodeURIComponent (as msw decodes them). Anything else is left to the msw handlers.
 */

/** A pattern split at `/`: literal segments, and `:name` parameters. */
type Segments = ReadonlyArray<string | { param: string }>

export interface PathMatch<T> {
  value: T
  params: Record<string, string>
}

function segmentsOf(path: string): Segments {
  return path.split('/').map((segment) => (segment.startsWith(':') ? { param: segment.slice(1) } : segment))
}

function matchSegments(segments: Segments, parts: readonly string[]): Record<string, string> | null {
  if (parts.length !== segments.length) return null
  const params: Record<string, string> = {}
  for (let i = 0; i < parts.length; i++) {
    const expected = segments[i]!
    const part = parts[i]!
    if (typeof expected === 'string') {
      if (part !== expected) return null
      continue
    }
    if (part === '') return null
    try {
      params[expected.param] = decodeURIComponent(part)
    } catch {
      return null
    }
  }
  return params
}

/** The first of `routes` (in order) that `method` and `pathname` (a parsed URL's) match, with its parameters; null for none. */
export function pathMatcher<T>(routes: ReadonlyArray<{ method: string; path: string; value: T }>): (method: string, pathname: string) => PathMatch<T> | null {
  const byMethod = new Map<string, Array<{ segments: Segments; value: T }>>()
  for (const { method, path, value } of routes) {
    const patterns = byMethod.get(method) ?? []
    patterns.push({ segments: segmentsOf(path), value })
    byMethod.set(method, patterns)
  }
  return (method, pathname) => {
    const patterns = byMethod.get(method)
    if (patterns === undefined) return null
    const parts = pathname.split('/')
    for (const { segments, value } of patterns) {
      const params = matchSegments(segments, parts)
      if (params !== null) return { value, params }
    }
    return null
  }
}

/** The request's URL as the URL parser (and so msw) reads it: dot segments resolved, characters escaped; null if it does not parse. */
export function requestUrl(origin: string, target: string): URL | null {
  try {
    return new URL(origin + target)
  } catch {
    return null
  }
}
