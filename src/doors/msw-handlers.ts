/**
 * The msw door: one request handler over the dispatch, for `setupServer` (Node) and
 * `setupWorker` (a page). It uses only what msw 2 and msw 3 both export (`http.all`,
 * `HttpResponse`), so the same handler serves under either major. A request that is not the
 * fake's (another origin than `baseUrl`; without one, a path outside the fake's areas) is left to
 * the next handler, and so to msw's unhandled-request rule.
 */
import { http, HttpResponse, type HttpHandler } from 'msw'
import { readStream } from '../dispatch/body-text.js'
import type { AdminGuard } from '../dispatch/admin-answer.js'
import { createDispatch } from '../dispatch/dispatch.js'
import type { DoorOutcome } from '../dispatch/request.js'
import { OWN_AREAS } from '../dispatch/route-table.js'
import type { MockHandle } from '../handle/mock-handle.js'
import { splitBase } from './base-url.js'
import { sleep, webAnswer } from './web-answer.js'

export interface HandlerOptions {
  /** Serve only this base URL (e.g. `https://audio.example.test`, or one with a path prefix); default: any origin. */
  baseUrl?: string
  /** How a `drop` fault ends the request; default: a network error (`HttpResponse.error()`). */
  drop?: () => Response
  /**
   * Who may use `/__admin` (default: anyone who can reach the handlers), e.g. `adminGuard({ token })`.
   * A function rather than the access settings, so that the browser entry does not import node:crypto.
   */
  adminGuard?: AdminGuard
  /** Admin bodies must come typed as JSON (YAML for scenarios), as over HTTP (admin/cross-site.ts). */
  typedAdminBodies?: boolean
}

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * Which requests the handler takes: only the fake's, so that any other request finds no handler and
 * meets msw's unhandled-request rule (`onUnhandledRequest` in msw 2, `onUnhandledFrame` in msw 3).
 * With a base URL, everything under it; without, the fake's own areas on any origin, as the route
 * table gives them (route-table.ts `OWN_AREAS`): a path under one of its prefixes, or the document.
 */
const IN_OWN_AREAS = new RegExp(
  `^[a-z][a-z0-9+.-]*://[^/]+(?:${[...OWN_AREAS.prefixes.map(escaped), ...OWN_AREAS.paths.map((path) => `${escaped(path)}(?:[?#]|$)`)].join('|')})`,
)

function underBase(href: string): RegExp {
  return new RegExp(`^${escaped(href)}(?:[/?#]|$)`)
}

async function settle(outcome: DoorOutcome, drop: () => Response): Promise<Response> {
  if (outcome.delayMs > 0) await sleep(outcome.delayMs)
  if (outcome.drop) return drop()
  const { init, body } = webAnswer(outcome)
  return new HttpResponse(body, init)
}

/** The fake's msw handlers: public API, media files, the OpenAPI document and `/__admin`, through one handler. */
export function createHandlers(source: MockHandle, options: HandlerOptions = {}): HttpHandler[] {
  const base = options.baseUrl === undefined ? undefined : splitBase(options.baseUrl)
  const drop = options.drop ?? (() => HttpResponse.error())
  const dispatch = createDispatch(source, { ownsBase: base !== undefined, adminGuard: options.adminGuard, typedAdminBodies: options.typedAdminBodies })
  return [
    // A regular expression, not a path pattern: msw decodes a pattern's parameters, which throws on
    // a malformed escape before the dispatch can answer it (400).
    http.all(base === undefined ? IN_OWN_AREAS : underBase(base.href), async ({ request }) => {
      const url = new URL(request.url)
      const path = base === undefined ? url.pathname : base.pathOf(url)
      if (path === null) return undefined
      const outcome = await dispatch({
        method: request.method,
        path,
        search: url.search,
        base: base === undefined ? url.origin : base.href,
        headers: request.headers,
        body: (limit) => readStream(request.body, limit),
      })
      return outcome === null ? undefined : settle(outcome, drop)
    }),
  ]
}
