/**
 * The one way in: every request any door takes comes here, and the order of checks lives here
 * once. A request's path is looked up in the route table (route-table.ts); the public API goes to
 * the api layer (auth, rate limit, body checks, faults, answer, journal), media files to
 * `getAsset`, the document to its renderer, `/__admin` through the access guard to its operation.
 * A path that is no route's but lies in one of the fake's areas (`/api/v1/…`, `/__admin/…`, the
 * media folders) answers 404, or 405 with Allow when the path takes other methods; any other path
 * answers 404 when the fake owns the whole base URL, and is let through (null) when it shares an
 * origin with an application (msw without a base URL).
 */
import { adminRoutes } from '../admin/admin-routes.js'
import { getAsset } from '../api/asset-api.js'
import { durable } from '../api/durable-outcome.js'
import { createTask, getTask, getUsage, type Outcome } from '../api/public-api.js'
import { failWith } from '../api/respond.js'
import { API_PREFIX } from '../api/routes.js'
import type { MockHandle } from '../handle/mock-handle.js'
import { worldErrorAnswer, worldsAdminRoutes } from '../worlds/world-admin.js'
import type { WorldRegistry } from '../worlds/world-registry.js'
import { makesWorld } from '../worlds/world-seat.js'
import { answerCheck, type AnswerCheck } from '../openapi/answer-check.js'
import { answerAdmin, refusedByGuard, type AdminGuard } from './admin-answer.js'
import { bodyText } from './body-text.js'
import { documentAnswer } from './openapi-text.js'
import { frontPage, frontPageAnswer, type About } from './front-page.js'
import type { Answer, Dispatch, DispatchRequest, DoorOutcome } from './request.js'
import { fakeRoutes, MEDIA_EXTENSION, routeTable, type RouteRow } from './route-table.js'

export interface DispatchOptions {
  /**
   * True: every path under the base URL is the fake's (unknown ones answer 404): the HTTP doors,
   * `mock.fetch`, msw with a `baseUrl`. False: only the fake's own areas are; other requests are let
   * through to the application (msw without a `baseUrl`).
   */
  ownsBase: boolean
  /** Who may use `/__admin` (default: anyone who reaches the door). */
  adminGuard?: AdminGuard
  /** Admin bodies must come typed as JSON (YAML for scenarios): on for the HTTP doors (admin/cross-site.ts). */
  typedAdminBodies?: boolean
  /**
   * Named worlds under `/worlds/{name}` (the HTTP server's): each answers every route of the fake
   * with its own state, its URLs carrying the prefix; `GET /__admin/worlds` and
   * `DELETE /__admin/worlds/{name}` manage them.
   */
  worlds?: WorldRegistry
  /** Set by the dispatch of a named world on its own: the world's name. */
  world?: string
  /** Over HTTP: `GET /` answers the front page (front-page.ts) with this package's version and docs. */
  about?: About
}

const ADMIN_PREFIX = '/__admin/'
const WORLDS_PREFIX = '/worlds/'
const MEDIA_PREFIXES = ['/assets/audio/', '/assets/image/']

/** The areas of the path space that are the fake's even when it shares an origin. */
function inOwnArea(path: string): boolean {
  return path.startsWith(API_PREFIX) || path.startsWith(ADMIN_PREFIX) || MEDIA_PREFIXES.some((prefix) => path.startsWith(prefix))
}

function decodeParam(raw: string): string | null {
  if (!raw.includes('%')) return raw
  try {
    return decodeURIComponent(raw)
  } catch {
    return null
  }
}

const wellEncoded = (path: string): boolean => decodeParam(path) !== null

const at = (response: Answer): DoorOutcome => ({ response, delayMs: 0 })

/** A path of no route: 405 with Allow when it takes other methods, else the area's 404. */
function miss(method: string, path: string, allowed: readonly string[] | null): DoorOutcome {
  if (allowed !== null) {
    const listed = allowed.join(', ')
    return at({ ...failWith('methodNotAllowed', method, path, listed), headers: { allow: listed } })
  }
  return at(path.startsWith(ADMIN_PREFIX) ? failWith('noAdminRoute', method, path) : failWith('noRoute', method, path))
}

const apiKeyOf = (request: DispatchRequest): string | null => request.headers.get('x-api-key')

export function createDispatch(source: MockHandle, options: DispatchOptions): Dispatch {
  const { worlds } = options
  const admin = worlds === undefined ? adminRoutes(source) : [...adminRoutes(source), ...worldsAdminRoutes(worlds)]
  const table = routeTable(fakeRoutes(admin, options.about !== undefined), decodeParam)
  const check = answerCheck()
  const typedAdmin = options.typedAdminBodies === true

  /** The public API: the api layer's outcome (in test mode, checked against the document first). */
  function publicAnswer(
    row: RouteRow & { target: { area: 'api' } },
    request: DispatchRequest,
    params: Readonly<Record<string, string>>,
  ): Outcome | Promise<Outcome> {
    const apiRequest = { apiKey: apiKeyOf(request), origin: request.base }
    let outcome: Outcome | Promise<Outcome>
    switch (row.target.endpoint) {
      case 'get_task':
        outcome = getTask(source.world, apiRequest, params['taskId']!)
        break
      case 'usage':
        outcome = getUsage(source.world, apiRequest)
        break
      case 'create':
        outcome = bodyText(request, source.world.scenario.service.maxBodyBytes).then((body) => {
          // The world as it is once the body is in: a reset while it arrived replaced the one before.
          const created = createTask(source.world, {
            apiKey: apiRequest.apiKey,
            origin: apiRequest.origin,
            contentType: request.headers.get('content-type'),
            body,
          })
          // No state database, no commit to wait for: the outcome itself, not a promise to adopt.
          return source.commit === undefined ? created : durable(source, created)
        })
        break
    }
    return check === null ? outcome : checked(check, request, outcome)
  }

  /** Test mode: an answer off the OpenAPI document becomes a 500 that says what is wrong. */
  async function checked(check: AnswerCheck, request: DispatchRequest, pending: Outcome | Promise<Outcome>): Promise<Outcome> {
    const outcome = await pending
    if (outcome.drop) return outcome
    const { status, body, headers } = outcome.response
    const shown = new Headers({ 'content-type': 'application/json', ...headers })
    const message = await check({ method: request.method, path: request.path, status, headers: shown, body }, source.world.scenario)
    return message === null ? outcome : { response: failWith('offDocument', message), delayMs: outcome.delayMs }
  }

  function mediaAnswer(kind: 'audio' | 'image', request: DispatchRequest, file: string): DoorOutcome {
    const extension = MEDIA_EXTENSION[kind]
    if (!file.endsWith(extension)) return at(failWith('noMediaFile', kind, request.path, extension))
    const outcome = getAsset(source.world, { method: request.method, apiKey: apiKeyOf(request), kind, clipId: file.slice(0, -extension.length) })
    if (!('file' in outcome)) return outcome
    const { body, headers } = outcome.file
    // Streamed: the bytes are made as the client reads them, and a HEAD makes none.
    return { response: { status: 200, headers, body: request.method === 'HEAD' ? null : body }, delayMs: outcome.delayMs }
  }

  /** Each seat's own dispatch (a world's, or a name's while requests to it are in flight), made on its first request. */
  const perWorld = new WeakMap<MockHandle, Dispatch>()
  const worldOptions: DispatchOptions = { ...options, worlds: undefined }

  /** `/worlds/{name}/…`: the rest of the path, in that world, with its prefix on the base URL. */
  function inWorld(registry: WorldRegistry, request: DispatchRequest): DoorOutcome | Promise<DoorOutcome | null> | null {
    const rest = request.path.slice(WORLDS_PREFIX.length)
    const slash = rest.indexOf('/')
    const raw = slash === -1 ? rest : rest.slice(0, slash)
    const name = decodeParam(raw)
    if (name === null) return at(failWith('malformedUrl', request.path))
    // The world as it is when the request is applied; made only if the request is accepted (world-seat.ts).
    const entered = registry.enter(name)
    if (!entered.ok) return at(worldErrorAnswer(entered.error))
    const seat = entered.value
    let dispatch = perWorld.get(seat.handle)
    if (dispatch === undefined) perWorld.set(seat.handle, (dispatch = createDispatch(seat.handle, { ...worldOptions, world: name })))
    let outcome: ReturnType<Dispatch>
    try {
      outcome = dispatch({
        method: request.method,
        path: slash === -1 ? '/' : rest.slice(slash),
        search: request.search,
        base: `${request.base}${WORLDS_PREFIX}${raw}`,
        headers: request.headers,
        body: (limit) => request.body(limit),
      })
    } catch (error) {
      seat.settle(false)
      throw error
    }
    const settle = (answered: DoorOutcome | null): DoorOutcome | null => {
      seat.settle(makesWorld(request.method, answered?.response?.status ?? null))
      return answered
    }
    if (outcome === null || !('then' in outcome)) return settle(outcome)
    return outcome.then(settle, (error: unknown) => {
      seat.settle(false)
      throw error
    })
  }

  return (request) => {
    const { method, path } = request
    if (worlds !== undefined && path.startsWith(WORLDS_PREFIX)) return inWorld(worlds, request)
    const own = inOwnArea(path)
    if (own && !wellEncoded(path)) return at(failWith('malformedUrl', path))
    const found = table.match(method, path)
    if (found === null || !('row' in found)) {
      if (!own && found === null && !options.ownsBase) return null
      if (path.startsWith(ADMIN_PREFIX)) {
        const refused = refusedByGuard(options.adminGuard, request.base + path + request.search, request)
        if (refused !== null) return at(refused)
      }
      return miss(method, path, found === null ? null : found.allowed)
    }
    const { row, params } = found
    const { target } = row
    switch (target.area) {
      case 'api':
        return publicAnswer(row as RouteRow & { target: typeof target }, request, params)
      case 'media':
        return mediaAnswer(target.kind, request, params['file']!)
      case 'openapi':
        return at(documentAnswer(source.world.scenario.service, request.base, target.format, method === 'HEAD'))
      case 'front': {
        const shown = refusedByGuard(options.adminGuard, request.base + path + request.search, request) === null
        const page = frontPage(source, options.about!, request.base, options.world ?? null, shown)
        return at(frontPageAnswer(page, request.headers.get('accept'), method === 'HEAD'))
      }
      case 'admin': {
        const url = request.base + path + request.search
        const refused = refusedByGuard(options.adminGuard, url, request)
        if (refused !== null) return at(refused)
        return answerAdmin(target.route, request, url, { ...params }, typedAdmin).then(at)
      }
    }
  }
}
