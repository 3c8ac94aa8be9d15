/**
 * The node:http door's view of a request line: the public route (api/public-route.ts, derived from
 * the route table) and the origin the client addressed.
 */
export { publicRoute, type PublicRoute } from '../api/public-route.js'

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
