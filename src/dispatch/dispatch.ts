/**
 * The one way in: every request any door takes comes here, and the order of checks lives here
 * once. A request's path is looked up in the route table (route-table.ts); the public API goes to
 * the api layer (auth, rate limit, body checks, faults, answer), media files to `getAsset`, the
 * document to its renderer, `/__admin` through the access guard to its operation. Every answer
 * then takes the one finishing step (finish.ts): a crash is a JSON 500, the durable commit, test
 * mode, headers and HEAD, and the journal entry written from what is sent.
 * A path that is no route's but lies in one of the fake's areas (`/api/v1/…`, `/__admin/…`, the
 * media folders) answers 404, or 405 with Allow when the path takes other methods; any other path
 * answers 404 when the fake owns the whole base URL, and is let through (null) when it shares an
 * origin with an application (msw without a base URL).
 */
import { adminRoutes } from '../admin/admin-routes.js'
import { assetPath, getAsset, type AssetKind } from '../api/asset-api.js'
import { sent } from '../api/journal-record.js'
import { createTask, getTask, getUsage } from '../api/public-api.js'
import { failWith, type ApiResponse } from '../api/respond.js'
import { pathOf, type PublicEndpoint } from '../api/routes.js'
import type { MockHandle } from '../handle/mock-handle.js'
import { worldErrorAnswer, worldsAdminRoutes } from '../worlds/world-admin.js'
import type { WorldRegistry } from '../worlds/world-registry.js'
import { makesWorld } from '../worlds/world-seat.js'
import { answerCheck } from '../openapi/answer-check.js'
import { answerAdmin, refusedByGuard, type AdminGuard } from './admin-answer.js'
import { bodyText } from './body-text.js'
import { crashed, finisher, type Journaled, type RouteResult, type Routed } from './finish.js'
import { documentAnswer } from './openapi-text.js'
import { frontPage, frontPageAnswer, type About } from './front-page.js'
import type { Answer, Dispatch, DispatchRequest, DoorOutcome } from './request.js'
import { ADMIN_PREFIX, fakeRoutes, MEDIA_EXTENSION, OWN_AREAS, routeTable } from './route-table.js'

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

const WORLDS_PREFIX = '/worlds/'

/** The areas of the path space that are the fake's even when it shares an origin (route-table.ts). */
function inOwnArea(path: string): boolean {
  return OWN_AREAS.prefixes.some((prefix) => path.startsWith(prefix))
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

const at = (response: Answer): Routed => ({ response, delayMs: 0 })

/** A path of no route: 405 with Allow when it takes other methods, else the area's 404. */
function miss(method: string, path: string, allowed: readonly string[] | null): Routed {
  if (allowed !== null) {
    const listed = allowed.join(', ')
    return at({ ...failWith('methodNotAllowed', method, path, listed), headers: { allow: listed } })
  }
  return at(path.startsWith(ADMIN_PREFIX) ? failWith('noAdminRoute', method, path) : failWith('noRoute', method, path))
}

const apiKeyOf = (request: DispatchRequest): string | null => request.headers.get('x-api-key')

const isPromise = <T>(value: T | Promise<T>): value is Promise<T> => value instanceof Promise

export function createDispatch(source: MockHandle, options: DispatchOptions): Dispatch {
  const { worlds } = options
  const admin = worlds === undefined ? adminRoutes(source) : [...adminRoutes(source), ...worldsAdminRoutes(worlds)]
  const table = routeTable(fakeRoutes(admin, options.about !== undefined), decodeParam)
  const finish = finisher(source, answerCheck())
  const typedAdmin = options.typedAdminBodies === true

  /** The public API: the api layer's answer, and what the journal says of the request. */
  function publicAnswer(endpoint: PublicEndpoint, request: DispatchRequest, params: Readonly<Record<string, string>>): Journaled | Promise<Journaled> {
    const apiRequest = { apiKey: apiKeyOf(request), origin: request.base }
    switch (endpoint) {
      case 'get_task':
        return getTask(source.world, apiRequest, params['taskId']!)
      case 'usage':
        return getUsage(source.world, apiRequest)
      case 'create':
        return bodyText(request, source.world.scenario.service.maxBodyBytes).then((body) =>
          // The world as it is once the body is in: a reset while it arrived replaced the one before.
          createTask(source.world, { apiKey: apiRequest.apiKey, origin: apiRequest.origin, contentType: request.headers.get('content-type'), body }),
        )
    }
  }

  /** A journaled request whose route threw: the journal still records it, answered with the crash's 500. */
  function crashedRequest(request: DispatchRequest, endpoint: Journaled['endpoint'], path: string, taskId: string | null, error: unknown): RouteResult {
    let world
    try {
      world = source.world
    } catch {
      return crashed(error) // no world to journal in: the 500 alone
    }
    const apiKey = apiKeyOf(request)
    const fields = { taskType: null, taskStatus: null, fingerprint: null, credits: null }
    return {
      world,
      outcome: crashed(error),
      sent: sent(world, { apiKey, origin: request.base }, null),
      method: request.method,
      path,
      endpoint,
      apiKey,
      taskId,
      ...fields,
    }
  }

  function crashedApi(request: DispatchRequest, endpoint: PublicEndpoint, params: Readonly<Record<string, string>>, error: unknown): RouteResult {
    const taskId = params['taskId'] ?? null
    return crashedRequest(request, endpoint, pathOf(endpoint, taskId ?? undefined), taskId, error)
  }

  function mediaAnswer(kind: AssetKind, request: DispatchRequest, file: string): RouteResult {
    const extension = MEDIA_EXTENSION[kind]
    if (!file.endsWith(extension)) return at(failWith('noMediaFile', kind, request.path, extension))
    return getAsset(source.world, { method: request.method, apiKey: apiKeyOf(request), kind, clipId: file.slice(0, -extension.length) })
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
    if (name === null) return finish(request, at(failWith('malformedUrl', request.path)))
    // The world as it is when the request is applied; made only if the request is accepted (world-seat.ts).
    const entered = registry.enter(name)
    if (!entered.ok) return finish(request, at(worldErrorAnswer(entered.error)))
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
      seat.settle(makesWorld(request.method, answered === null || answered.drop ? null : answered.status))
      return answered
    }
    if (outcome === null || !('then' in outcome)) return settle(outcome)
    return outcome.then(settle, (error: unknown) => {
      seat.settle(false)
      throw error
    })
  }

  /** What the route of `request` answers (or null when the request is not the fake's); a crash is the caller's. */
  function route(request: DispatchRequest): DoorOutcome | Promise<DoorOutcome | null> | null {
    const { method, path } = request
    if (worlds !== undefined && path.startsWith(WORLDS_PREFIX)) return inWorld(worlds, request)
    const own = inOwnArea(path)
    if (own && !wellEncoded(path)) return finish(request, at(failWith('malformedUrl', path)))
    const found = table.match(method, path)
    if (found === null || !('row' in found)) {
      if (!own && found === null && !options.ownsBase) return null
      if (path.startsWith(ADMIN_PREFIX)) {
        const refused = refusedByGuard(options.adminGuard, request.base + path + request.search, request)
        if (refused !== null) return finish(request, at(refused))
      }
      return finish(request, miss(method, path, found === null ? null : found.allowed))
    }
    const { row, params } = found
    const { target } = row
    switch (target.area) {
      case 'api': {
        let answered: Journaled | Promise<Journaled>
        try {
          answered = publicAnswer(target.endpoint, request, params)
        } catch (error) {
          return finish(request, crashedApi(request, target.endpoint, params, error))
        }
        if (!isPromise(answered)) return finish(request, answered)
        return answered.then(
          (value) => finish(request, value),
          (error: unknown) => finish(request, crashedApi(request, target.endpoint, params, error)),
        )
      }
      case 'media': {
        const { kind } = target
        const file = params['file']!
        try {
          return finish(request, mediaAnswer(kind, request, file))
        } catch (error) {
          const clipId = file.endsWith(MEDIA_EXTENSION[kind]) ? file.slice(0, -MEDIA_EXTENSION[kind].length) : file
          return finish(request, crashedRequest(request, 'asset', assetPath(kind, clipId), null, error))
        }
      }
      case 'openapi':
        return finish(request, at(documentAnswer(source.world.scenario.service, request.base, target.format)))
      case 'front': {
        const shown = refusedByGuard(options.adminGuard, request.base + path + request.search, request) === null
        const page = frontPage(source, options.about!, request.base, options.world ?? null, shown)
        return finish(request, at(frontPageAnswer(page, request.headers.get('accept'))))
      }
      case 'admin': {
        const url = request.base + path + request.search
        const refused = refusedByGuard(options.adminGuard, url, request)
        if (refused !== null) return finish(request, at(refused))
        return answerAdmin(target.route, request, url, { ...params }, typedAdmin).then(
          (response: ApiResponse) => finish(request, at(response)),
          (error: unknown) => finish(request, crashed(error)),
        )
      }
    }
  }

  return (request) => {
    try {
      return route(request)
    } catch (error) {
      // A crash outside any route (a guard, the route table): the fake's JSON 500 all the same.
      return finish(request, crashed(error))
    }
  }
}
