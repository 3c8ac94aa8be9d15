/**
 * `/__inspector`: QA's page, served by the fake itself under the admin API's access rules
 * (admin-auth.ts). On a loopback address it is open; on any other host it is closed without an
 * admin token, and with one it wants the token like `/__admin` does (Authorization: Bearer or
 * x-admin-token) or in the cookie that `/__inspector?token=TOKEN` sets for a browser: a
 * navigation cannot carry a header. The cookie is scoped to `/__inspector` (the admin API never
 * reads it, so it gives no cross-site request any power); the page's script reads it and sends
 * the token as a header on its own `/__admin` calls. Every answer carries a strict CSP: the
 * page runs only its own bundled script, talks only to this origin, and cannot be framed.
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

function cookieToken(req: IncomingMessage): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=')
    if (name !== INSPECTOR_COOKIE) continue
    try {
      return decodeURIComponent(value.join('='))
    } catch {
      return null
    }
  }
  return null
}

/** The request as the admin guard sees it: headers first, the page's cookie (or `?token=`) as x-admin-token otherwise. */
function asAdminRequest(req: IncomingMessage, fallbackToken: string | null): Request {
  const headers = new Headers()
  const { authorization } = req.headers
  const given = req.headers['x-admin-token']
  if (authorization !== undefined) headers.set('authorization', authorization)
  if (typeof given === 'string') headers.set('x-admin-token', given)
  else if (fallbackToken !== null && authorization === undefined) headers.set('x-admin-token', fallbackToken)
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
    const refused = guard(asAdminRequest(req, queryToken ?? cookieToken(req)))
    if (refused !== null) {
      // A browser cannot send the header on a navigation: say how to give the page the token.
      send(res, refused.status === 401 ? fail(401, `${JSON.parse(refused.body).message}; in a browser, open ${INSPECTOR_PATH}?token=TOKEN once`) : refused)
      return true
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      send(res, { ...failWith('inspectorMethod', req.method ?? '', pathname), headers: { allow: 'GET, HEAD' } })
      return true
    }
    if (queryToken !== null) {
      // The token leaves the address bar (and history) at once; the cookie carries it from now on.
      const cookie = `${INSPECTOR_COOKIE}=${encodeURIComponent(queryToken)}; Path=${INSPECTOR_PATH}; SameSite=Strict`
      res.writeHead(303, { ...INSPECTOR_HEADERS, location: `${INSPECTOR_PATH}/`, 'set-cookie': cookie, 'cache-control': 'no-store', 'content-length': 0 })
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
