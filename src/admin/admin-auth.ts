/**
 * Who may use `/__admin`. On a loopback address (the default) anyone who can connect may; on
 * any other host the admin API needs the token given at start, sent as `Authorization: Bearer
 * TOKEN` or `x-admin-token: TOKEN`. Without a token it stays closed there (403). Tokens are
 * compared in constant time: SHA-256 digests of equal length through crypto.timingSafeEqual.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import { fail, type ApiResponse } from '../api/respond.js'
import { crossSiteRefusal } from './cross-site.js'

export { isLoopback } from './cross-site.js'

export interface AdminAccess {
  /** Required on every admin request when set. */
  token?: string
  /** The host the server listens on, when it is not a loopback address. */
  exposedOn?: string
  /**
   * Refuse what a web page of another site can send (foreign Host without a token, foreign
   * Origin, cross-site Sec-Fetch-Site, bodies not typed JSON/YAML): see cross-site.ts. On in the
   * HTTP doors (createApp, startServer); off by default for `createMock`'s handlers, which serve
   * in-process. Mounting those on your own HTTP server? Turn it on.
   */
  crossSiteChecks?: boolean
}

/** `access` as the HTTP doors apply it: the cross-site checks on unless it turns them off. */
export function overHttp(access: AdminAccess = {}): AdminAccess {
  return { crossSiteChecks: true, ...access }
}

export const ADMIN_TOKEN_ENV = 'AUDIO_TASK_MOCK_ADMIN_TOKEN'

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest()

function presented(request: Request): string | null {
  const bearer = /^Bearer\s+(.+)$/i.exec(request.headers.get('authorization') ?? '')
  return bearer?.[1]?.trim() ?? request.headers.get('x-admin-token')
}

/** A 401/403 answer for a request the admin API must refuse, or null to let it through. */
export function adminGuard(access: AdminAccess): (request: Request) => ApiResponse | null {
  const tokenCheck = tokenGuard(access)
  if (access.crossSiteChecks !== true) return tokenCheck
  const tokenGuarded = access.token !== undefined
  return (request) => tokenCheck(request) ?? crossSiteRefusal(request, tokenGuarded)
}

/**
 * Why a token could never be presented, or null: clients and HTTP parsers send a header's value
 * trimmed (and `presented` trims a Bearer token), so a token of whitespace alone, or with
 * whitespace at either end, would be accepted at start and then refuse every request (issue 40).
 * `name` is what the user gave it as: the flag, the variable or the option.
 */
export function adminTokenProblem(name: string, token: string): string | null {
  const why = token.trim() === '' ? 'is only whitespace' : /^\s/.test(token) ? 'starts with whitespace' : /\s$/.test(token) ? 'ends with whitespace' : null
  if (why === null) return null
  return `${name} ${why}: a client sends a header value trimmed, so this token could never be presented; give a token without spaces at either end`
}

function tokenGuard(access: AdminAccess): (request: Request) => ApiResponse | null {
  if (access.token !== undefined && access.token === '') throw new RangeError('the admin token must not be empty')
  const problem = access.token === undefined ? null : adminTokenProblem('adminToken', access.token)
  if (problem !== null) throw new RangeError(problem)
  const expected = access.token === undefined ? null : digest(access.token)
  return (request) => {
    if (expected === null) {
      if (access.exposedOn === undefined) return null
      return fail(
        403,
        `The admin API is closed: the server listens on ${access.exposedOn}, not a loopback address, and was started without an admin token (--admin-token or ${ADMIN_TOKEN_ENV})`,
      )
    }
    const given = presented(request)
    if (given === null) return fail(401, 'Admin token required: send it as "Authorization: Bearer TOKEN" or in the x-admin-token header')
    if (!timingSafeEqual(digest(given), expected)) return fail(401, 'Invalid admin token')
    return null
  }
}
