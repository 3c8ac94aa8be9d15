/**
 * `mock.fetch`: the fake as a `fetch`-compatible function, for clients that accept an injected
 * fetch. No interception and no msw: the request goes straight to the dispatch, and the outcome
 * becomes a Response (status, status text, headers and body bytes as every other door sends
 * them); a `drop` fault rejects like a network failure (`TypeError: Failed to fetch`) and a delay
 * holds the answer for that much real time. A request the fake does not answer (another origin
 * than `baseUrl`, or without one a path outside the fake's) rejects with a TypeError: where msw
 * would let it through to the network, `mock.fetch` has no network to go to (decision 034).
 */
import { readStream } from '../dispatch/body-text.js'
import { createDispatch, type DispatchOptions } from '../dispatch/dispatch.js'
import type { AdminGuard } from '../dispatch/admin-answer.js'
import type { DispatchRequest, DoorOutcome, HeaderReader } from '../dispatch/request.js'
import type { MockHandle } from '../handle/mock-handle.js'
import { splitBase } from './base-url.js'
import { TextResponse } from './text-response.js'
import { sleep, webAnswer } from './web-answer.js'

/** The signature of the global `fetch` (what clients that take an injected fetch call). */
export type MockFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>

export interface FetchDoorOptions {
  /** The fake's base URL (as `createMock`'s `baseUrl`); relative URLs resolve against it. */
  baseUrl?: string
  /** How a `drop` fault ends the request (HandlerOptions.drop); default: a network error. */
  drop?: () => Response
  adminGuard?: AdminGuard
  typedAdminBodies?: boolean
}

/** The methods the Fetch standard upper-cases (any other is kept as written). */
const NORMALISED = new Set(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT'])

function methodOf(method: string | undefined): string {
  if (method === undefined) return 'GET'
  const upper = method.toUpperCase()
  return NORMALISED.has(upper) ? upper : method
}

/** A network failure, as `fetch` reports one (and as msw's interceptors report `HttpResponse.error()`). */
function networkError(cause?: unknown): TypeError {
  return new TypeError('Failed to fetch', cause === undefined ? undefined : { cause })
}

/** A string body as a Request would carry it: UTF-8 (a lone surrogate becomes U+FFFD), typed text/plain unless told. */
class StringBodyHeaders implements HeaderReader {
  constructor(private readonly headers: Headers) {}
  get(name: string): string | null {
    const value = this.headers.get(name)
    return value === null && name === 'content-type' ? 'text/plain;charset=UTF-8' : value
  }
}

function stringBody(body: string, limit: number): string | { tooLarge: number } {
  const wide = body as unknown as { isWellFormed(): boolean; toWellFormed(): string }
  const text = wide.isWellFormed() ? body : wide.toWellFormed()
  if (text.length * 3 <= limit) return text
  const bytes = new TextEncoder().encode(text).byteLength
  return bytes > limit ? { tooLarge: bytes } : text
}

function toResponse(outcome: DoorOutcome & { drop?: undefined }): Response {
  const { init, body } = webAnswer(outcome)
  return typeof body === 'string' ? new TextResponse(body, init) : new Response(body, init)
}

export function createFetchDoor(source: MockHandle, options: FetchDoorOptions = {}): MockFetch {
  const base = options.baseUrl === undefined ? undefined : splitBase(options.baseUrl)
  const dispatchOptions: DispatchOptions = { ownsBase: base !== undefined, adminGuard: options.adminGuard, typedAdminBodies: options.typedAdminBodies }
  const dispatch = createDispatch(source, dispatchOptions)

  async function settle(outcome: DoorOutcome): Promise<Response> {
    if (outcome.delayMs > 0) await sleep(outcome.delayMs)
    if (!outcome.drop) return toResponse(outcome)
    const response = options.drop?.() ?? Response.error()
    if (response.type === 'error') throw networkError(response)
    return response
  }

  function answer(input: string | URL | Request, init: RequestInit | undefined): Promise<Response> {
    const given = init?.body
    // The common case (a string or no body, not a Request) needs no Request object at all.
    const plain = !(input instanceof Request) && (given === undefined || given === null || typeof given === 'string')
    const request = plain
      ? null
      : new Request(input instanceof Request || base === undefined || typeof input !== 'string' ? input : new URL(input, base.href), init)
    const url =
      request !== null ? new URL(request.url) : base === undefined || typeof input !== 'string' ? new URL(input as string | URL) : new URL(input, base.href)
    const method = request?.method ?? methodOf(init?.method)
    if (plain && method === 'GET' && typeof given === 'string') return Promise.reject(new TypeError('Request with GET/HEAD method cannot have body.'))
    const path = base === undefined ? url.pathname : base.pathOf(url)
    if (path === null) return Promise.reject(unanswered(method, url.href))
    const headers: HeaderReader =
      request !== null ? request.headers : typeof given === 'string' ? new StringBodyHeaders(new Headers(init?.headers)) : new Headers(init?.headers)
    const dispatchRequest: DispatchRequest = {
      method,
      path,
      search: url.search,
      base: base === undefined ? url.origin : base.href,
      headers,
      body: (limit) => (request !== null ? readStream(request.body, limit) : Promise.resolve(typeof given === 'string' ? stringBody(given, limit) : '')),
    }
    const outcome = dispatch(dispatchRequest)
    if (outcome === null) return Promise.reject(unanswered(method, url.href))
    return 'then' in outcome ? outcome.then((result) => (result === null ? Promise.reject(unanswered(method, url.href)) : settle(result))) : settle(outcome)
  }

  function unanswered(method: string, url: string): TypeError {
    return new TypeError(`mock.fetch: nothing of the fake answers ${method} ${url}${base === undefined ? '' : ` (it serves ${base.href})`}`)
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
