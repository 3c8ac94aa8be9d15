/**
 * `mock.fetch`: the fake as a `fetch`-compatible function, for clients that accept an injected
 * fetch. No interception: the public API's plain requests (create, read a task, usage) go
 * straight to the api layer, as the standalone server's node:http door does (the same
 * forms as its `publicRoute`); everything else (other forms of those paths, media, the document,
 * `/__admin`, unknown routes) is answered by the fake's own msw handlers through msw's
 * `getResponse`, without msw's interceptors. Either way the answer is the msw door's: status,
 * status text, headers and body bytes; a `drop` fault rejects like a network failure
 * (`TypeError: Failed to fetch`) and a delay holds the answer for that much real time.
 *
 * A request the handlers do not answer (another origin than `baseUrl`, or without one a path
 * outside the fake's) rejects with a TypeError: where msw would let it through to the network,
 * `mock.fetch` has no network to go to (decision 034).
 */
import { getResponse, HttpResponse, type HttpHandler } from 'msw'
import { createTask, getTask, getUsage, type Outcome } from '../api/public-api.js'
import { durable } from '../api/durable-outcome.js'
import { failWith, type ApiResponse } from '../api/respond.js'
import type { MockHandle } from '../handle/mock-handle.js'
import { readBody } from '../handlers/read-body.js'
import { answerCheck } from '../openapi/answer-check.js'
import { publicRoute } from '../api/public-route.js'
import { TextResponse } from './text-response.js'

/** The signature of the global `fetch` (what clients that take an injected fetch call). */
export type MockFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>

export interface FetchDoorOptions {
  /** The fake's origin (as `createMock`'s `baseUrl`); relative URLs resolve against it. */
  baseUrl?: string
  /** The handlers' `drop` (HandlerOptions), if one was given: a `drop` fault answers with it. */
  drop?: () => Response
}

/** The methods the Fetch standard upper-cases (any other is kept as written). */
const NORMALISED = new Set(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT'])

function methodOf(init: RequestInit | undefined): string {
  const method = init?.method
  if (method === undefined) return 'GET'
  const upper = method.toUpperCase()
  return NORMALISED.has(upper) ? upper : method
}

/** A network failure, as `fetch` reports one (and as msw's interceptors report `HttpResponse.error()`). */
function networkError(cause?: unknown): TypeError {
  return new TypeError('Failed to fetch', cause === undefined ? undefined : { cause })
}

// msw answers with its status texts (`HttpResponse` fills them in); take them from it, once per status.
const statusTexts = new Map<number, string>()
function statusText(status: number): string {
  let text = statusTexts.get(status)
  if (text === undefined) statusTexts.set(status, (text = new HttpResponse(null, { status }).statusText))
  return text
}

/** The Response the msw handlers make of an api answer (create-handlers.ts `toResponse`). */
function toResponse({ status, body, headers }: ApiResponse): Response {
  return new TextResponse(body, { status, statusText: statusText(status), headers: { 'content-type': 'application/json', ...headers } })
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** The body as the handlers read it: UTF-8 bytes (lone surrogates become U+FFFD), decoded keeping a BOM. */
function bodyText(body: string, limit: number): string | { tooLarge: number } {
  const text = (body as unknown as { isWellFormed(): boolean }).isWellFormed() ? body : (body as unknown as { toWellFormed(): string }).toWellFormed()
  if (text.length * 3 <= limit) return text
  const bytes = new TextEncoder().encode(text).byteLength
  return bytes > limit ? { tooLarge: bytes } : text
}

/** `handlers`: the fake's msw handlers, asked for only when a request needs them (see mock-with-handlers.ts). */
export function createFetchDoor(
  source: Pick<MockHandle, 'world' | 'commit'>,
  handlers: () => readonly HttpHandler[],
  options: FetchDoorOptions = {},
): MockFetch {
  const base = options.baseUrl?.replace(/\/+$/, '')
  const check = answerCheck()
  const dropped = (): Response => {
    const response = options.drop?.() ?? Response.error()
    if (response.type === 'error') throw networkError(response)
    return response
  }

  /** The answer of a plain public request: the api layer's outcome, as the msw handlers settle it. */
  async function settle(outcome: Outcome, method: string, url: URL): Promise<Response> {
    if (outcome.delayMs > 0) await sleep(outcome.delayMs)
    if (outcome.drop) return dropped()
    const response = toResponse(outcome.response)
    if (check === null) return response
    // Test mode, as check-responses.ts does it: an answer off the document becomes a 500.
    const { status, body } = outcome.response
    const message = await check({ method, path: url.pathname, status, headers: response.headers, body }, source.world.scenario)
    return message === null ? response : toResponse(failWith('offDocument', message))
  }

  /** Create, read, usage in their plain forms; null for anything else. */
  function direct(url: URL, method: string, headers: Headers, body: string | Request | null): Promise<Response> | null {
    if (base !== undefined && url.origin !== base) return null
    if (headers.has('content-length')) return null // declared sizes are the handlers' (read-body.ts)
    const route = publicRoute(method, url.pathname)
    if (route === null) return null
    const request = { apiKey: headers.get('x-api-key'), origin: url.origin }
    switch (route.kind) {
      case 'get_task':
        return settle(getTask(source.world, request, route.taskId), method, url)
      case 'usage':
        return settle(getUsage(source.world, request), method, url)
      case 'create': {
        // A string body becomes a Request's text/plain one; a Request already says what it carries.
        const contentType = headers.get('content-type') ?? (typeof body === 'string' ? 'text/plain;charset=UTF-8' : null)
        const create = (text: string | { tooLarge: number }) => {
          // The world as it is once the body is in, as the handler does it.
          const outcome = createTask(source.world, { ...request, contentType, body: text })
          if (source.commit === undefined) return settle(outcome, method, url)
          return durable(source, outcome).then((settled) => settle(settled, method, url))
        }
        const limit = source.world.scenario.service.maxBodyBytes
        if (body instanceof Request) return readBody(body, limit).then(create)
        return create(body === null ? '' : bodyText(body, limit))
      }
    }
  }

  /** Any request, through the handlers themselves (what msw would do, minus the interception). */
  async function viaHandlers(request: Request): Promise<Response> {
    const response = await getResponse(handlers() as HttpHandler[], request)
    if (response === undefined)
      throw new TypeError(`mock.fetch: nothing of the fake answers ${request.method} ${request.url}${base === undefined ? '' : ` (it serves ${base})`}`)
    if (response.type === 'error') throw networkError(response)
    return response
  }

  function answer(input: string | URL | Request, init: RequestInit | undefined): Promise<Response> {
    if (!(input instanceof Request)) {
      const body = init?.body
      const method = methodOf(init)
      if ((body === undefined || body === null || typeof body === 'string') && !(method === 'GET' && typeof body === 'string')) {
        const url = base === undefined || typeof input !== 'string' ? new URL(input) : new URL(input, base)
        const headers = new Headers(init?.headers)
        const fast = direct(url, method, headers, body ?? null)
        if (fast !== null) return fast
        return viaHandlers(new Request(url, init))
      }
      return viaHandlers(new Request(base === undefined || typeof input !== 'string' ? input : new URL(input, base), init))
    }
    const request = init === undefined ? input : new Request(input, init)
    return direct(new URL(request.url), request.method, request.headers, request.body === null ? null : request) ?? viaHandlers(request)
  }

  return (input, init) => {
    const signal = init?.signal ?? (input instanceof Request ? input.signal : null)
    if (signal?.aborted) return Promise.reject(signal.reason as Error)
    let answered: Promise<Response>
    try {
      answered = answer(input, init)
    } catch (error) {
      return Promise.reject(error as Error) // a bad URL, header or body: fetch rejects, it does not throw
    }
    if (signal === null || signal === undefined) return answered
    return new Promise<Response>((resolve, reject) => {
      const abort = () => reject(signal.reason as Error)
      signal.addEventListener('abort', abort, { once: true })
      answered.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort))
    })
  }
}
