/** A node:http request's headers as Fetch `Headers` (repeated ones appended), less any named in `skip`. */
import type { IncomingHttpHeaders } from 'node:http'

export function fetchHeaders(incoming: IncomingHttpHeaders, skip?: ReadonlySet<string>): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined || skip?.has(name) === true) continue
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one)
  }
  return headers
}
