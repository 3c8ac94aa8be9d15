/**
 * Recognises the public API's routes in a raw request line, without building a URL object.
 * Only the plain forms are recognised: the three paths as written, a task id of unreserved
 * characters, an optional query. Anything else (a trailing slash, percent-escapes, dot
 * segments, another method) is left to the msw handlers behind express, which decide what
 * it means, so the fast path never answers differently from them.
 */

export type PublicRoute = { kind: 'create' } | { kind: 'usage' } | { kind: 'get_task'; taskId: string }

const CREATE: PublicRoute = { kind: 'create' }
const USAGE: PublicRoute = { kind: 'usage' }
const TASK_PREFIX = '/api/v1/task/'
/** RFC 3986 unreserved characters: URL parsing leaves them as they are. */
const TASK_ID = /^[A-Za-z0-9._~-]+$/

export function publicRoute(method: string | undefined, url: string | undefined): PublicRoute | null {
  if (url === undefined) return null
  const query = url.indexOf('?')
  const path = query === -1 ? url : url.slice(0, query)
  if (method === 'GET') {
    if (path.startsWith(TASK_PREFIX)) {
      const taskId = path.slice(TASK_PREFIX.length)
      return TASK_ID.test(taskId) && taskId !== '.' && taskId !== '..' ? { kind: 'get_task', taskId } : null
    }
    return path === '/api/v1/account/usage' ? USAGE : null
  }
  if (method === 'POST') return path === '/api/v1/task' ? CREATE : null
  return null
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
