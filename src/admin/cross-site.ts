/**
 * What keeps a web page open in the user's browser from driving the admin API over HTTP
 * (decision 014). A page of another site can send a `<form>` (text/plain, urlencoded or
 * multipart bodies), a `no-cors` fetch with such a body or none, and, through DNS rebinding, a
 * request whose Host is the attacker's own name. So, on the HTTP doors:
 * - a request addressed to a name that is not loopback is refused unless an admin token guards
 *   the API (a token is a header, which a page of another site cannot send);
 * - a request whose `Origin` is not the server's own origin, or whose `Sec-Fetch-Site` says
 *   another site (or another port of this one) sent it, is refused: browsers send one or both on
 *   every cross-origin POST, curl and scripts send neither, the fake's own pages send their own
 *   origin;
 * - a body must come as JSON (scenario routes: YAML or JSON): types a cross-site form or a
 *   `no-cors` fetch cannot send.
 * In-process (setupServer, setupWorker) no other site reaches the handlers, so these checks
 * are off there (see AdminAccess.crossSiteChecks). Web-standard APIs only: the browser entry imports this.
 */
import { fail, type ApiResponse } from '../api/respond.js'

export const JSON_TYPES = ['application/json'] as const
export const SCENARIO_TYPES = ['application/yaml', 'application/x-yaml', 'text/yaml', 'application/json'] as const

const LOOPBACK_V4 = /^127(\.\d{1,3}){3}$/

/** localhost, 127.0.0.0/8 or ::1 (a URL's hostname: IPv6 in brackets). */
export function isLoopback(hostname: string): boolean {
  const bare = hostname.replace(/^\[|\]$/g, '').toLowerCase()
  return bare === 'localhost' || bare === '::1' || LOOPBACK_V4.test(bare) || /^::ffff:127(\.\d{1,3}){3}$/.test(bare) || bare === '::ffff:7f00:1'
}

const quoted = (text: string): string => JSON.stringify(text.length > 100 ? `${text.slice(0, 100)}…` : text)

/** Origin of the URL in `text`, or null for `null` and anything that is not an origin. */
function originOf(text: string): string | null {
  try {
    const url = new URL(text)
    return url.origin === 'null' ? null : url.origin
  } catch {
    return null
  }
}

/**
 * A 403 for a request another site may have sent (foreign Host without a token, foreign Origin,
 * Sec-Fetch-Site other than same-origin or none), or null.
 */
export function crossSiteRefusal(request: Request, tokenGuarded: boolean): ApiResponse | null {
  const url = new URL(request.url)
  if (!tokenGuarded && !isLoopback(url.hostname)) {
    return fail(
      403,
      `Admin request refused: it was addressed to Host ${quoted(url.host)}, not a loopback name or address (localhost, 127.0.0.0/8, [::1]); a web page that reached the fake through its own name (DNS rebinding) must not drive it. To use another name, start the fake with an admin token (--admin-token)`,
    )
  }
  const origin = request.headers.get('origin')
  if (origin !== null && originOf(origin) !== url.origin) {
    return fail(
      403,
      `Cross-origin admin request refused: Origin ${quoted(origin)} is not this server's origin (${url.origin}); only the fake's own pages and clients that send no Origin (curl, scripts) may use /__admin`,
    )
  }
  const site = request.headers.get('sec-fetch-site')
  if (site !== null && site !== 'same-origin' && site !== 'none') {
    return fail(
      403,
      `Cross-site admin request refused: Sec-Fetch-Site is ${quoted(site)}; only the fake's own pages (same-origin) and clients that send none may use /__admin`,
    )
  }
  return null
}

/** The media type of a Content-Type header, lower case, without parameters. */
const mediaType = (header: string): string => header.split(';', 1)[0]!.trim().toLowerCase()

/**
 * Before the body is read: a 415 when the request declares a type other than `accepted`.
 * A request without Content-Type passes here; `untypedBodyRefusal` refuses it once its body turns out not to be empty.
 */
export function contentTypeRefusal(contentType: string | null, accepted: readonly string[]): ApiResponse | null {
  if (contentType === null || accepted.includes(mediaType(contentType))) return null
  return fail(415, `Unsupported Content-Type ${quoted(contentType)}: send the body as ${listed(accepted)}`)
}

export function untypedBodyRefusal(accepted: readonly string[]): ApiResponse {
  return fail(415, `A request body needs a Content-Type: send it as ${listed(accepted)}`)
}

function listed(types: readonly string[]): string {
  return types.length === 1 ? types[0]! : `${types.slice(0, -1).join(', ')} or ${types.at(-1)!}`
}
