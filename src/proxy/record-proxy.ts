/**
 * The recording proxy: forwards every request to the upstream (the client's own API key
 * included: it is the client's to send), answers with what the upstream answered, and hands
 * each exchange to a `Recording`. When the upstream cannot be reached it answers 502 (504 after
 * the timeout) as JSON `{code, message}` and goes on recording: nothing seen so far is lost.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { listen } from '../server/listen.js'
import { fetchHeaders } from '../server/fetch-headers.js'
import { Recording, type Exchange } from '../record/recording.js'
import type { Upstream } from '../record/upstream-url.js'
import { ScenarioWriter, type RenderedScenario } from '../record/scenario-writer.js'

export interface RecordProxyOptions {
  upstream: Upstream
  /** 0 (default) picks a free port. */
  port?: number
  /** Default 127.0.0.1: the proxy forwards whatever key its clients send. */
  host?: string
  /** The recorder's clock (ms); default Date.now. Tests inject one to drive time without waiting. */
  now?: () => number
  /** Per upstream request; default 30 s. */
  timeoutMs?: number
  /** Called after each exchange is recorded, with a line safe to log (placeholder key, no body). */
  onExchange?: (line: string) => void
}

export interface RecordProxy {
  readonly url: string
  readonly recording: Recording
  /** The scenario recorded so far. */
  yaml(): string
  /** The same, with what its pieces left out or cut (see ScenarioWriter). */
  render(): RenderedScenario
  /** Stops accepting requests; in-flight ones finish (at most `graceMs`). */
  close(graceMs?: number): Promise<void>
}

/** Request bodies larger than this are refused, not forwarded. */
export const MAX_PROXY_BODY_BYTES = 16 * 1024 * 1024
/** Upstream answers larger than this are cut off with a 502: the recorder keeps each answer in memory. */
export const MAX_UPSTREAM_BODY_BYTES = 64 * 1024 * 1024
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
  'expect',
])
/** fetch decodes compressed bodies: the length and encoding it was sent with no longer apply. */
const NOT_RELAYED = new Set([...HOP_BY_HOP, 'content-encoding'])

function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_PROXY_BODY_BYTES) {
        resolve(null)
        req.resume()
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })
}

function forwardHeaders(req: IncomingMessage, upstream: Upstream): Headers {
  const headers = fetchHeaders(req.headers, HOP_BY_HOP)
  if (upstream.authorization !== null && !headers.has('authorization')) headers.set('authorization', upstream.authorization)
  return headers
}

interface Answer {
  status: number
  /** True for the proxy's own answer (no upstream answer to relay): never recorded as the service's. */
  own?: boolean
  headers: Record<string, string>
  /** Relayed to the client, never recorded. */
  cookies?: string[]
  body: Buffer
}

const jsonAnswer = (status: number, message: string): Answer => ({
  status,
  own: true,
  headers: { 'content-type': 'application/json' },
  body: Buffer.from(JSON.stringify({ code: status, message })),
})

/** The body, or null past MAX_UPSTREAM_BODY_BYTES (the rest is not read). */
async function readCapped(response: Response): Promise<Buffer | null> {
  if (response.body === null) return Buffer.alloc(0)
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = response.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return Buffer.concat(chunks)
    size += value.length
    if (size > MAX_UPSTREAM_BODY_BYTES) {
      await reader.cancel().catch(() => {})
      return null
    }
    chunks.push(value)
  }
}

async function ask(upstream: Upstream, req: IncomingMessage, body: Buffer, timeoutMs: number): Promise<Answer> {
  const method = req.method ?? 'GET'
  try {
    const response = await fetch(`${upstream.base}${req.url ?? '/'}`, {
      method,
      headers: forwardHeaders(req, upstream),
      body: method === 'GET' || method === 'HEAD' ? undefined : new Uint8Array(body),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    })
    const headers: Record<string, string> = {}
    response.headers.forEach((value, name) => {
      if (!NOT_RELAYED.has(name) && name !== 'set-cookie') headers[name] = value
    })
    const answer = await readCapped(response)
    if (answer === null)
      return jsonAnswer(502, `Bad gateway: the upstream's answer is larger than ${MAX_UPSTREAM_BODY_BYTES} bytes; audio-task-mock record does not relay it`)
    return { status: response.status, headers, cookies: response.headers.getSetCookie(), body: answer }
  } catch (error) {
    const failure = error as Error & { cause?: { code?: string } }
    if (failure.name === 'TimeoutError') {
      return jsonAnswer(504, `Gateway timeout: the upstream service did not answer within ${timeoutMs / 1000} s (audio-task-mock record is still recording)`)
    }
    const reason = failure.cause?.code ?? failure.message
    return jsonAnswer(502, `Bad gateway: the upstream service is unreachable (${reason}); audio-task-mock record is still recording`)
  }
}

function send(res: ServerResponse, answer: Answer): void {
  const cookies = answer.cookies !== undefined && answer.cookies.length > 0 ? { 'set-cookie': answer.cookies } : {}
  res.writeHead(answer.status, { ...answer.headers, ...cookies, 'content-length': String(answer.body.length) })
  res.end(answer.body)
}

export async function startRecordProxy(options: RecordProxyOptions): Promise<RecordProxy> {
  const { upstream } = options
  const now = options.now ?? Date.now
  const timeoutMs = options.timeoutMs ?? 30_000
  const recording = new Recording({ secrets: upstream.secrets })
  // One writer for the proxy's life: it keeps each task's rendered piece until the task changes.
  const writer = new ScenarioWriter()
  const render = (): RenderedScenario => writer.render(recording.session({ upstream: upstream.shown, wallNow: now() }))
  let arrivals = 0
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const at = now()
    const seq = ++arrivals
    const body = await readBody(req)
    const answer =
      body === null
        ? jsonAnswer(413, `Request body too large: audio-task-mock record forwards at most ${MAX_PROXY_BODY_BYTES} bytes`)
        : await ask(upstream, req, body, timeoutMs)
    send(res, answer)
    const path = new URL(req.url ?? '/', 'http://proxy.invalid').pathname
    const exchange: Exchange = {
      seq,
      at,
      method: req.method ?? 'GET',
      path,
      apiKey: typeof req.headers['x-api-key'] === 'string' ? req.headers['x-api-key'] : null,
      secrets: typeof req.headers.authorization === 'string' ? [req.headers.authorization] : [],
      contentType: req.headers['content-type'] ?? null,
      body: body === null ? '' : body.toString('utf8'),
      response: { status: answer.status, headers: answer.headers, body: answer.body.toString('utf8') },
      ...(answer.own === true && { own: true }),
    }
    const key = recording.add(exchange)
    if (answer.own === true) options.onExchange?.(`${exchange.method} ${path} → ${answer.status} (the proxy's own answer: not recorded)`)
    else if (key !== undefined) options.onExchange?.(recording.scrub(`${exchange.method} ${path} → ${answer.status} (${key ?? 'no key'})`))
  }
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, jsonAnswer(500, `audio-task-mock record failed on this request: ${(error as Error).message}`))
      else res.destroy()
    })
  })
  const host = options.host ?? '127.0.0.1'
  const url = await listen(server, options.port ?? 0, host)
  return {
    url,
    recording,
    yaml: () => render().text,
    render,
    close: (graceMs = 5_000) =>
      new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), graceMs).unref()
        server.close(() => {
          clearTimeout(force)
          resolve()
        })
        server.closeIdleConnections()
      }),
  }
}
