/**
 * `/__inspector`: QA's page, served by the fake itself under the admin API's access rules
 * (admin-auth.ts). On a loopback address it is open. On any other host without an admin token it
 * is closed (403) like `/__admin`. With a token, the page's files (which hold no data) are served
 * to anyone, and the page gets the token from its address's fragment (`/__inspector/#token=T`,
 * which a browser never sends to a server), keeps it in memory and sends it as a header on its
 * own `/__admin` calls. No cookie carries it: cookies are not scoped by port, so one set here
 * would reach every other server on the same host (issue 27). An old `?token=` link is checked
 * and moved into the fragment, and the cookie earlier versions set is cleared. Every answer
 * carries a strict CSP: the page runs only its own bundled script, talks only to this origin,
 * and cannot be framed.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { adminGuard, type AdminAccess } from '../admin/admin-auth.js'
import { fail, failWith, type ApiResponse } from '../api/respond.js'
import { writeResponse } from './write-outcome.js'
import { inspectorFiles } from '../inspector/inspector-assets.js'

export const INSPECTOR_PATH = '/__inspector'
export const INSPECTOR_COOKIE = 'audio_task_mock_inspector'

export const INSPECTOR_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; media-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
}

/** The request as the admin guard sees it: its own headers, or the `?token=` of an old link as x-admin-token. */
function asAdminRequest(req: IncomingMessage, queryToken: string | null): Request {
  const headers = new Headers()
  const { authorization } = req.headers
  const given = req.headers['x-admin-token']
  if (authorization !== undefined) headers.set('authorization', authorization)
  if (typeof given === 'string') headers.set('x-admin-token', given)
  else if (queryToken !== null && authorization === undefined) headers.set('x-admin-token', queryToken)
  return new Request('http://inspector.invalid/', { headers })
}

function send(res: ServerResponse, response: ApiResponse): void {
  writeResponse(res, { ...response, headers: { ...INSPECTOR_HEADERS, 'cache-control': 'no-store', ...response.headers } })
}

/** Answers requests under `/__inspector` (true), or leaves the request to the next handler (false). */
export function inspectorHandler(access: AdminAccess = {}): (req: IncomingMessage, res: ServerResponse) => boolean {
  const guard = adminGuard(access)
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://inspector.invalid')
    const { pathname } = url
    if (pathname !== INSPECTOR_PATH && !pathname.startsWith(`${INSPECTOR_PATH}/`)) return false
    const queryToken = url.searchParams.get('token')
    const refused = guard(asAdminRequest(req, queryToken))
    // With a token set, the page's files are served without it (they hold no data); a wrong
    // `?token=` is still refused, so an old link with a stale token says so.
    if (refused !== null && (refused.status !== 401 || queryToken !== null)) {
      send(res, refused.status === 401 ? fail(401, `${JSON.parse(refused.body).message}; in a browser, open ${INSPECTOR_PATH}/#token=TOKEN`) : refused)
      return true
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      send(res, { ...failWith('inspectorMethod', req.method ?? '', pathname), headers: { allow: 'GET, HEAD' } })
      return true
    }
    if (queryToken !== null) {
      // The token moves into the fragment, which no request carries; the page takes it from there.
      const cleared = `${INSPECTOR_COOKIE}=; Path=${INSPECTOR_PATH}; Max-Age=0; SameSite=Strict`
      const location = `${INSPECTOR_PATH}/#token=${encodeURIComponent(queryToken)}`
      res.writeHead(303, { ...INSPECTOR_HEADERS, location, 'set-cookie': cleared, 'cache-control': 'no-store', 'content-length': 0 })
      res.end()
      return true
    }
    serveFile(req, res, pathname === INSPECTOR_PATH || pathname === `${INSPECTOR_PATH}/` ? 'index.html' : pathname.slice(INSPECTOR_PATH.length + 1))
    return true
  }
}

function serveFile(req: IncomingMessage, res: ServerResponse, name: string): void {
  const files = inspectorFiles()
  if (files === null) {
    send(res, failWith('inspectorNotBuilt'))
    return
  }
  const file = files.get(name)
  if (file === undefined) {
    send(res, failWith('noInspectorFile', `${INSPECTOR_PATH}/${name}`))
    return
  }
  // The page is small and changes with the fake's version: revalidated on every load (304 when unchanged).
  const headers = { ...INSPECTOR_HEADERS, 'content-type': file.type, 'cache-control': 'no-cache', etag: file.etag }
  if (req.headers['if-none-match'] === file.etag) {
    res.writeHead(304, headers)
    res.end()
    return
  }
  res.writeHead(200, { ...headers, 'content-length': file.body.length })
  res.end(req.method === 'HEAD' ? undefined : file.body)
}
