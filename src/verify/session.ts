/**
 * What the checks of `verify` share: the HTTP exchanges with the service under test (each one
 * checked against the OpenAPI document), the paid-task budget, and the pace of polling.
 */
import type { ResponseValidator } from '../openapi/response-validator.js'

export interface VerifyOptions {
  /** Where the service is, e.g. `https://api.example.com` (paths start with /api/v1). */
  baseUrl: string
  apiKey: string
  /** A second account's key: checks that its tasks stay invisible to the first. */
  otherApiKey?: string
  /** The model name to create tasks with. Default `music-model`. */
  model?: string
  /** Task types to run a whole life of (each creates one paid task). Default `['lyrics']`. */
  tasks?: ReadonlyArray<'lyrics' | 'music'>
  /** At most this many paid tasks. Default 1. */
  allowPaid?: number
  /** Time between two reads of a task. Default 5 s, the spec's pace. */
  pollIntervalMs?: number
  /** Give up on a task not final after this long. Default 10 min. */
  maxWaitMs?: number
  /** Per request. Default 30 s. */
  requestTimeoutMs?: number
  fetch?: typeof globalThis.fetch
  sleep?: (ms: number) => Promise<void>
  now?: () => number
}

/** One request and what came back: the offending response of a failed check. */
export interface Exchange {
  request: string
  status: number
  contentType: string | null
  body: string
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a real service's parsed body, of any shape: checks read it with optional chaining, the document checks its shape
  json: any
  /** Everything the OpenAPI document says is wrong with the response. */
  problems: string[]
}

export interface Session {
  readonly options: Required<Omit<VerifyOptions, 'otherApiKey'>> & Pick<VerifyOptions, 'otherApiKey'>
  /** Paid tasks created so far (on purpose or not). */
  paid: number
  send(method: string, path: string, init?: { key?: string | null; body?: unknown }): Promise<Exchange>
}

export function openSession(options: VerifyOptions, validator: ResponseValidator): Session {
  const resolved = {
    model: 'music-model',
    tasks: ['lyrics'] as const,
    allowPaid: 1,
    pollIntervalMs: 5_000,
    maxWaitMs: 600_000,
    requestTimeoutMs: 30_000,
    fetch: globalThis.fetch,
    sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
    now: Date.now,
    ...options,
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
  }
  const session: Session = {
    options: resolved,
    paid: 0,
    async send(method, path, init = {}) {
      const headers: Record<string, string> = {}
      const key = init.key === undefined ? resolved.apiKey : init.key
      if (key !== null) headers['x-api-key'] = key
      let body: string | undefined
      if (init.body !== undefined) {
        body = JSON.stringify(init.body)
        headers['content-type'] = 'application/json'
      }
      const request = `${method} ${path}${key === null ? ' (no x-api-key)' : key === resolved.apiKey ? '' : ' (another key)'}${body === undefined ? '' : ` ${body}`}`
      const response = await resolved.fetch(resolved.baseUrl + path, { method, headers, body, signal: AbortSignal.timeout(resolved.requestTimeoutMs) })
      const text = await response.text()
      let json: unknown
      try {
        json = JSON.parse(text)
      } catch {
        json = undefined
      }
      const problems = validator.check({ method, path, status: response.status, headers: response.headers, body: text })
      if (method === 'POST' && response.status >= 200 && response.status < 300) session.paid += 1
      return { request, status: response.status, contentType: response.headers.get('content-type'), body: text, json, problems }
    },
  }
  return session
}
