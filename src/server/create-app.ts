/**
 * The HTTP door: an express app that mounts the msw handlers with @mswjs/http-middleware.
 * It owns transport concerns only: JSON bodies for every failure (never an HTML page or a
 * stack trace), unknown routes, and closing the socket for `drop` faults.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { createRequire } from 'node:module'
import type * as HttpMiddleware from '@mswjs/http-middleware'
import type express from 'express'
import type { ErrorRequestHandler, RequestHandler } from 'express'
import { adminGuard, overHttp, type AdminAccess } from '../admin/admin-auth.js'
import type { MockHandle } from '../handle/mock-handle.js'
import { composeHandlers } from '../handlers/compose-handlers.js'
// Node reads AUDIO_TASK_MOCK_CHECK_RESPONSES (test mode); a page's bundle leaves it out.
import '../openapi/environment-check.js'
import { failWith, internalError, type ApiResponse } from '../api/respond.js'
import { hostProblem } from './host-header.js'
import { inspectorHandler } from './inspector-route.js'
import { createCors, type CorsOptions } from './cors.js'

/** Thrown by a handler to have the server close the connection without an answer. */
export class DropConnection extends Error {
  constructor() {
    super('connection dropped by a scenario fault')
    this.name = 'DropConnection'
  }
}

function send(res: express.Response, response: ApiResponse): void {
  res
    .status(response.status)
    .set({ 'content-type': 'application/json', ...response.headers })
    .send(response.body)
}

/** A missing, empty or malformed Host: the URL handed to the handlers is built from it (startServer checks this earlier). */
const wellFormedHost: RequestHandler = (req, res, next) => {
  const problem = hostProblem(req.headers.host, req.httpVersionMinor)
  if (problem === null) next()
  else send(res.set('connection', 'close'), failWith('badHost', problem))
}

const unknownRoute: RequestHandler = (req, res) => {
  send(res, failWith('noRoute', req.method, req.path))
}

const lastResort: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  if (error instanceof DropConnection) {
    req.socket.destroy()
    return
  }
  if (res.headersSent) {
    res.destroy()
    return
  }
  send(res, internalError(error))
}

/**
 * The express app, typed by what you do with it (so the public types need no `@types/express`):
 * `http.createServer(app)`, `app.listen(port)`, or `yourApp.use(app)` in your own express app.
 */
export interface App {
  (req: IncomingMessage, res: ServerResponse): void
  listen(port: number, hostname: string, callback?: () => void): Server
  listen(port: number, callback?: () => void): Server
}

export interface AppOptions {
  /**
   * Who may use `/__admin`: see AdminAccess (startServer sets it from host and token). Over
   * HTTP the cross-site checks are on unless `crossSiteChecks: false` is given.
   */
  admin?: AdminAccess
  /** CORS for the public API, media and OpenAPI document (default: any origin); `false`: none. See cors.ts. */
  cors?: CorsOptions | false
}

/** The app for a fake (a `Mock`): public API, media files and `/__admin`, from the same handlers as in-process. */
export function createApp(source: MockHandle, options: AppOptions = {}): App {
  // Loaded here, not on import: the main entry exports createApp, and importing the package
  // should not cost express (decision 034). Both are CommonJS, so a require is synchronous.
  const require = createRequire(import.meta.url)
  const express = require('express') as typeof import('express')
  const { createMiddleware } = require('@mswjs/http-middleware') as typeof HttpMiddleware
  const app = express()
  app.disable('x-powered-by')
  app.disable('etag')
  // Over HTTP the admin API's cross-site checks are on unless the caller turns them off.
  const access = overHttp(options.admin)
  app.use(wellFormedHost)
  const cors = createCors(options.cors)
  app.use((req, res, next) => {
    if (!cors(req, res)) next()
  })
  const inspector = inspectorHandler(options.admin)
  app.use((req, res, next) => {
    if (!inspector(req, res)) next()
  })
  app.use(
    createMiddleware(
      ...composeHandlers(source, {
        drop: () => {
          throw new DropConnection()
        },
        adminGuard: adminGuard(access),
        typedAdminBodies: access.crossSiteChecks === true,
      }),
    ),
  )
  app.use(unknownRoute)
  app.use(lastResort)
  return app
}
