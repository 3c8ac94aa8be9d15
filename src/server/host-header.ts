/**
 * What a Host header must look like (RFC 9110 §7.2: `uri-host [ ":" port ]`). Node's parser
 * accepts any bytes there, and the URL built from a bad one (empty, `a b`, `host:99999`) throws,
 * which used to surface as a 500; a Host with `/` or `@` (`a/b`, `a@b`) parsed into another
 * origin. Those requests are refused with a 400 instead, before any route sees them.
 */

/** An IP literal in brackets, or a registered name / IPv4 address, then an optional port. */
const HOST_SYNTAX = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9\-._~!$&'()*+,;=]+)(?::\d{1,5})?$/

export const MISSING_HOST_MESSAGE = 'Malformed HTTP request: an HTTP/1.1 request needs a Host header'

/** Why `host` cannot be used (a message for a 400), or null when it is a well-formed Host. */
export function hostProblem(host: string | undefined, httpVersionMinor = 1): string | null {
  if (host === undefined) return httpVersionMinor === 0 ? null : MISSING_HOST_MESSAGE
  if (host === '') return 'Malformed HTTP request: the Host header is empty; it must name the server, like 127.0.0.1:4010'
  let parsed = HOST_SYNTAX.test(host)
  if (parsed) {
    try {
      parsed = new URL(`http://${host}/`).pathname === '/'
    } catch {
      parsed = false
    }
  }
  if (parsed) return null
  const shown = host.length > 100 ? `${host.slice(0, 100)}…` : host
  return `Malformed HTTP request: the Host header ${JSON.stringify(shown)} is not a host name or address with an optional port (1-65535)`
}
