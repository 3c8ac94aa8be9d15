/**
 * The msw request handlers: the one definition of the fake's HTTP surface. They serve
 * in-process (setupServer, setupWorker) and over HTTP (the express app mounts them with
 * @mswjs/http-middleware). Each is parse → api call → respond.
 */
import { delay, http, HttpResponse, type HttpHandler } from 'msw'
import { createTask, getTask, getUsage, routeMiss, type Outcome } from '../api/public-api.js'
import { failWith, type ApiResponse } from '../api/respond.js'
import { API_PREFIX, PUBLIC_ROUTES, type PublicEndpoint } from '../api/routes.js'
import { durable } from '../api/durable-outcome.js'
import type { MockHandle } from '../handle/mock-handle.js'
import { readBody } from './read-body.js'

export interface HandlerOptions {
  /** Serve only this origin (e.g. `https://audio.example.test`); default: any origin. */
  baseUrl?: string
  /**
   * How a `drop` fault closes the connection. In-process it is a network error
   * (`HttpResponse.error()`); the HTTP server throws and destroys the socket instead.
   */
  drop?: () => Response
}

export function toResponse(response: ApiResponse): Response {
  return new HttpResponse(response.body, {
    status: response.status,
    headers: { 'content-type': 'application/json', ...response.headers },
  })
}

async function settle(outcome: Outcome, drop: () => Response): Promise<Response> {
  if (outcome.delayMs > 0) await delay(outcome.delayMs)
  return outcome.drop ? drop() : toResponse(outcome.response)
}

const OUR_PREFIXES = ['/api/', '/__admin', '/assets/']

/** Whether a request is addressed to the fake (its origin, when one is set, and one of its path prefixes). */
function isOurs(url: string, base: string, pathname: string): boolean {
  if (base !== '*' && !url.startsWith(`${base}/`)) return false
  return OUR_PREFIXES.some((prefix) => pathname.startsWith(prefix))
}

const apiKeyOf = (request: Request): string | null => request.headers.get('x-api-key')

type Answer = (
  source: Pick<MockHandle, 'world' | 'commit'>,
  request: Request,
  origin: string,
  params: Record<string, string | readonly string[] | undefined>,
) => Promise<Outcome> | Outcome

/** Each endpoint of the route table (api/routes.ts), from an msw request to the api call. */
const ANSWERS: Record<PublicEndpoint, Answer> = {
  get_task: (source, request, origin, params) => getTask(source.world, { apiKey: apiKeyOf(request), origin }, String(params['taskId'])),
  create: async (source, request, origin) => {
    const body = await readBody(request, source.world.scenario.service.maxBodyBytes)
    // The world as it is once the body is in: a reset while it arrived replaced the one before.
    return durable(source, createTask(source.world, { apiKey: apiKeyOf(request), origin, contentType: request.headers.get('content-type'), body }))
  },
  usage: (source, request, origin) => getUsage(source.world, { apiKey: apiKeyOf(request), origin }),
}

const METHODS = { GET: http.get, POST: http.post } as const

export function createHandlers(source: Pick<MockHandle, 'world' | 'commit'>, options: HandlerOptions = {}): HttpHandler[] {
  const base = options.baseUrl?.replace(/\/+$/, '') ?? '*'
  const drop = options.drop ?? (() => HttpResponse.error())
  return [
    // msw decodes path parameters with decodeURIComponent, which throws on a malformed escape
    // (e.g. `%E0%A4%A`); answer those here, before any parameterised route sees them.
    http.all(/%/, ({ request }) => {
      const { pathname } = new URL(request.url)
      if (!isOurs(request.url, base, pathname)) return undefined
      try {
        decodeURIComponent(pathname)
        return undefined
      } catch {
        return toResponse(failWith('malformedUrl', pathname))
      }
    }),
    ...PUBLIC_ROUTES.map((route) =>
      METHODS[route.method](`${base}${route.path}`, async ({ request, params }) => {
        const url = new URL(request.url)
        // msw also matches these paths with a trailing slash; the document does not, so those go on to a 404.
        if (url.pathname.endsWith('/')) return undefined
        return settle(await ANSWERS[route.endpoint](source, request, url.origin, params), drop)
      }),
    ),
    http.all(`${base}${API_PREFIX}*`, ({ request }) => toResponse(routeMiss(request.method, new URL(request.url).pathname))),
  ]
}

/**
 * The last handler when the fake owns an origin: anything else there is a JSON 404, as over HTTP.
 * Without a base URL there is none, so the application's other requests pass through untouched.
 */
export function createFallbackHandlers(options: HandlerOptions = {}): HttpHandler[] {
  if (options.baseUrl === undefined) return []
  const base = options.baseUrl.replace(/\/+$/, '')
  return [http.all(`${base}/*`, ({ request }) => toResponse(routeMiss(request.method, new URL(request.url).pathname)))]
}
