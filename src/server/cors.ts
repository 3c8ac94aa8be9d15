/**
 * CORS for what a page on another origin needs (a dev server on http://localhost:5173 calling
 * the fake on :4010): the public API, the media files and the OpenAPI document. Preflights are
 * answered here with 204; every other answer on those paths carries Access-Control-Allow-Origin
 * and exposes Retry-After and the rate-limit headers to scripts. Any origin by default: the public
 * API authenticates with the x-api-key header, never with cookies, so an allowed origin gains
 * nothing a script could not already do with the key (docs/decisions/023). The admin API and the
 * inspector get no CORS headers at all: other origins stay unable to read or drive them.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { failWith } from '../api/respond.js'
import { writeResponse } from './write-outcome.js'

export interface CorsOptions {
  /** Origins whose pages may call the fake: `'*'` (default, any) or exact origins like `http://localhost:5173`. */
  origins?: '*' | readonly string[]
}

/** The CORS headers of an answer, in the order they go out before the answer's own. */
export type CorsHeaders = Readonly<Record<string, string>>

/**
 * The CORS headers of `req`'s answer (null: none), for the door to send with it; true when it
 * answered a preflight itself. Given, not set on `res`: one object for the door's one writeHead.
 */
export type Cors = (req: IncomingMessage, res: ServerResponse) => CorsHeaders | null | true

export const CORS_METHODS = 'GET, HEAD, POST'
/** What a client must send: its key and the JSON body's type. */
export const CORS_HEADERS = ['content-type', 'x-api-key']
export const CORS_EXPOSED = 'Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Content-Length'
/** How long a browser may reuse a preflight's answer (Chromium caps it at 2 hours). */
const MAX_AGE_SECONDS = '600'

/** The public API, media files and OpenAPI document; never /__admin or /__inspector. */
const SHARED_PATH = /^\/(?:api\/|assets\/|openapi\.(?:json|yaml)(?:[?#]|$))/
const TOKEN = /^[!#$%&'*+.^_`|~0-9a-z-]+$/
const MAX_REQUESTED_HEADERS = 32

/** The header names a preflight asks for, when each is a valid name (else only the ones we need). */
function allowedHeaders(requested: string | undefined): string {
  const names = new Set(CORS_HEADERS)
  const asked = (requested ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '')
  // Tracing and client libraries add headers of their own (traceparent, x-request-id): allow what is asked, if well-formed.
  if (asked.length <= MAX_REQUESTED_HEADERS && asked.every((name) => TOKEN.test(name) && name.length <= 100)) for (const name of asked) names.add(name)
  return [...names].join(', ')
}

export function normaliseOrigins(origins: CorsOptions['origins']): '*' | ReadonlySet<string> {
  if (origins === undefined || origins === '*') return '*'
  const set = new Set<string>()
  for (const origin of origins) {
    if (origin === '*') return '*'
    let parsed: URL
    try {
      parsed = new URL(origin)
    } catch {
      throw new RangeError(`CORS origin ${JSON.stringify(origin)} is not an origin like http://localhost:5173`)
    }
    const bare = parsed.pathname === '/' && parsed.search === '' && parsed.hash === '' && parsed.username === '' && !origin.endsWith('/')
    if (parsed.origin === 'null' || !bare) {
      throw new RangeError(`CORS origin ${JSON.stringify(origin)} is not an origin like http://localhost:5173 (scheme, host and port only)`)
    }
    set.add(parsed.origin)
  }
  return set
}

/** Any origin: the same two headers on every answer, one object for all. */
const ANY_ORIGIN: CorsHeaders = Object.freeze({ 'access-control-allow-origin': '*', 'access-control-expose-headers': CORS_EXPOSED })
const VARY_ORIGIN: CorsHeaders = Object.freeze({ vary: 'Origin' })

/** The CORS policy of a server; `false` turns it off (the answers get no CORS headers). */
export function createCors(options: CorsOptions | false = {}): Cors {
  if (options === false) return () => null
  const origins = normaliseOrigins(options.origins)
  return (req, res) => {
    if (req.url === undefined || !SHARED_PATH.test(req.url)) return null
    const origin = req.headers.origin
    const allowed = origins === '*' || (origin !== undefined && origins.has(origin))
    const headers =
      origins === '*'
        ? ANY_ORIGIN
        : allowed
          ? { vary: 'Origin', 'access-control-allow-origin': origin!, 'access-control-expose-headers': CORS_EXPOSED }
          : VARY_ORIGIN
    if (req.method !== 'OPTIONS' || req.headers['access-control-request-method'] === undefined) return headers
    // A preflight: answered here, whatever path under the shared prefixes it names.
    req.resume()
    for (const name in headers) res.setHeader(name, headers[name]!)
    if (!allowed) {
      const list = [...(origins as ReadonlySet<string>)].join(', ')
      writeResponse(res, failWith('originNotAllowed', origin ?? null, list))
      return true
    }
    res.writeHead(204, {
      'access-control-allow-methods': CORS_METHODS,
      'access-control-allow-headers': allowedHeaders(req.headers['access-control-request-headers']),
      'access-control-max-age': MAX_AGE_SECONDS,
      vary: origins === '*' ? 'Access-Control-Request-Headers' : 'Origin, Access-Control-Request-Headers',
    })
    res.end()
    return true
  }
}
