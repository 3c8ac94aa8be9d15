/**
 * The node:http door: a request listener over the one dispatch, for `startServer` (and so the
 * CLI) and for `createApp` (express). It turns a node:http request into the dispatch's input and
 * writes the outcome once: after the delay, one writeHead and one end (media streamed), or the
 * socket destroyed for a `drop`. Around the dispatch it keeps only what belongs to HTTP: the Host
 * header check, CORS, and QA's inspector page (a browser navigation, HTTP only).
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import { Readable, pipeline } from 'node:stream'
import { adminGuard, overHttp, type AdminAccess } from '../admin/admin-auth.js'
import { failWith, internalError } from '../api/respond.js'
import { createDispatch } from '../dispatch/dispatch.js'
import type { Answer, DispatchRequest, DoorOutcome, HeaderReader } from '../dispatch/request.js'
import { JSON_HEADERS, sentAnswer } from '../dispatch/sent-answer.js'
import { statusText } from '../dispatch/status-text.js'
import type { MockHandle } from '../handle/mock-handle.js'
import { realTimeout } from '../platform/real-timers.js'
import type { WorldRegistry } from '../worlds/world-registry.js'
// Node reads AUDIO_TASK_MOCK_CHECK_RESPONSES (test mode); a page's bundle leaves it out.
import '../openapi/environment-check.js'
import { createCors, type CorsHeaders, type CorsOptions } from './cors.js'
import { hostProblem } from './host-header.js'
import { inspectorHandler } from './inspector-route.js'
import { lingerAfterAnswer } from './lingering-close.js'
import { packageAbout } from './package-about.js'
import { readNodeBytes } from './read-node-body.js'
import { requestTarget } from './request-target.js'

export interface NodeDoorOptions {
  /** Who may use `/__admin` and `/__inspector` (see AdminAccess); the cross-site checks are on unless turned off. */
  admin?: AdminAccess
  /** CORS for the public API, media and OpenAPI document (default: any origin); `false`: none. See cors.ts. */
  cors?: CorsOptions | false
  /** Named worlds under `/worlds/{name}` (see DispatchOptions.worlds); none by default. */
  worlds?: WorldRegistry
}

/** node:http's headers as the dispatch reads them (a repeated header joined with `, `, as Fetch does). */
class NodeHeaders implements HeaderReader {
  constructor(private readonly req: IncomingMessage) {}
  get(name: string): string | null {
    const value = this.req.headers[name]
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value
  }
}

class NodeRequest implements DispatchRequest {
  readonly headers: NodeHeaders
  /** Set once reading the body began: an answer sent before it ended must close the connection. */
  reading = false
  constructor(
    readonly req: IncomingMessage,
    /** The CORS headers the answer carries before its own (cors.ts), or null. */
    readonly cors: CorsHeaders | null,
    readonly method: string,
    readonly path: string,
    readonly search: string,
    readonly base: string,
  ) {
    this.headers = new NodeHeaders(req)
  }
  body(limit: number): Promise<Uint8Array | { tooLarge: number }> {
    this.reading = true
    return readNodeBytes(this.req, limit)
  }
}

type Sent = DoorOutcome & { drop?: undefined }

/**
 * Writes the answer as the finishing step made it, after the CORS headers: one writeHead and one
 * end (a media file streamed).
 */
function write(request: NodeRequest | null, req: IncomingMessage, res: ServerResponse, answer: Sent, cors: CorsHeaders | null): void {
  if (res.headersSent || res.destroyed) return
  let headers: Record<string, string | number>
  if (answer.headers === JSON_HEADERS && cors === null)
    headers = { ...JSON_HEADERS } // most answers: a copy, no loop
  else {
    headers = { ...cors }
    for (const name in answer.headers) headers[name.toLowerCase()] = answer.headers[name]!
  }
  const { body } = answer
  if (typeof body === 'string') headers['content-length'] = Buffer.byteLength(body)
  // An answer before the body was read to its end (a 413): the rest will never be read, so nothing
  // can follow on this connection. Say so, and close it lingering (lingering-close.ts).
  const unread = request !== null && request.reading && !req.complete
  if (unread || headers['connection'] === 'close') {
    headers['connection'] = 'close'
    lingerAfterAnswer(req.socket)
  }
  res.writeHead(answer.status, statusText(answer.status), headers)
  if (body === null || typeof body === 'string') {
    res.end(body ?? undefined)
    return
  }
  // A client that goes away stops the stream, and with it the making of the bytes.
  pipeline(Readable.fromWeb(body.stream() as import('node:stream/web').ReadableStream<Uint8Array>), res, () => undefined)
}

function settle(request: NodeRequest, res: ServerResponse, outcome: DoorOutcome): void {
  if (outcome.delayMs > 0) {
    realTimeout(() => settle(request, res, { ...outcome, delayMs: 0 }), outcome.delayMs)
    return
  }
  if (res.destroyed) return
  if (outcome.drop) request.req.socket.destroy()
  else write(request, request.req, res, outcome, request.cors)
}

/** An answer of the door's own, before any route (a request target it cannot read, a crash outside the dispatch). */
function writeOwn(request: NodeRequest | null, req: IncomingMessage, res: ServerResponse, answer: Answer, cors: CorsHeaders | null): void {
  write(request, req, res, sentAnswer(answer, req.method ?? 'GET'), cors)
}

function writeError(request: NodeRequest | null, req: IncomingMessage, res: ServerResponse, error: unknown, cors: CorsHeaders | null): void {
  if (res.headersSent) res.destroy()
  else writeOwn(request, req, res, internalError(error), cors)
}

/** The origin the client addressed (`http://` + Host, normalised as the URL parser does), cached per Host. */
let lastHost: string | undefined
let lastOrigin = ''
function originOf(req: IncomingMessage): string {
  const host = req.headers.host
  const scheme = (req.socket as { encrypted?: boolean }).encrypted === true ? 'https' : 'http'
  if (host === undefined)
    return `${scheme}://${req.socket.localAddress?.includes(':') ? `[${req.socket.localAddress}]` : req.socket.localAddress}:${req.socket.localPort}`
  if (host === lastHost && scheme === 'http') return lastOrigin
  const origin = new URL(`${scheme}://${host}`).origin
  if (scheme === 'http') {
    lastHost = host
    lastOrigin = origin
  }
  return origin
}

export function createNodeDoor(source: MockHandle, options: NodeDoorOptions = {}): RequestListener {
  const access = overHttp(options.admin)
  const dispatch = createDispatch(source, {
    ownsBase: true,
    adminGuard: adminGuard(access),
    typedAdminBodies: access.crossSiteChecks === true,
    worlds: options.worlds,
    about: packageAbout(),
  })
  const cors = createCors(options.cors)
  const inspector = inspectorHandler(options.admin)
  /** The last Host that passed: clients send the same one on every request, so each is checked once. */
  let goodHost: string | null = null
  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    // A request pipelined behind one not answered yet starts once that answer went out, in order;
    // after an answer that closes the connection (a refused body), Node never hands it the
    // connection, and it never runs.
    if (res.socket === null) {
      res.once('socket', () => listener(req, res))
      return
    }
    // HTTP/1.1 requires a Host, and every URL the fake hands out is made from it (host-header.ts).
    const host = req.headers.host
    if (host === undefined || host !== goodHost) {
      const wrong = hostProblem(host, req.httpVersionMinor)
      if (wrong !== null) {
        writeOwn(null, req, res, { ...failWith('badHost', wrong), headers: { connection: 'close' } }, null)
        return
      }
      if (host !== undefined) goodHost = host
    }
    const corsHeaders = cors(req, res)
    if (corsHeaders === true) return
    const target = req.url ?? '/'
    if (target.startsWith('/__inspector') && inspector(req, res)) return
    let request: NodeRequest | null = null
    try {
      const origin = originOf(req)
      // Mounted in an express app (`app.use('/mock', createApp(mock))`), the prefix is the base's.
      const base = origin + ((req as { baseUrl?: string }).baseUrl ?? '')
      const parsed = requestTarget(origin, target)
      const method = req.method ?? 'GET'
      if (parsed === null) {
        writeOwn(null, req, res, failWith('noRoute', method, target), corsHeaders)
        return
      }
      request = new NodeRequest(req, corsHeaders, method, parsed.path, parsed.search, base)
      const outcome = dispatch(request)
      const settled = request
      if (outcome === null) writeOwn(settled, req, res, failWith('noRoute', method, parsed.path), corsHeaders)
      else if ('then' in outcome)
        outcome.then(
          (result) => (result === null ? writeOwn(settled, req, res, failWith('noRoute', method, parsed.path), corsHeaders) : settle(settled, res, result)),
          (error: unknown) => writeError(settled, req, res, error, corsHeaders),
        )
      else settle(request, res, outcome)
    } catch (error) {
      writeError(request, req, res, error, corsHeaders)
    }
  }
  return listener
}
