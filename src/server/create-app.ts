/**
 * The HTTP door: an express app that mounts the msw handlers with @mswjs/http-middleware.
 * It owns transport concerns only: JSON bodies for every failure (never an HTML page or a
 * stack trace), unknown routes, and closing the socket for `drop` faults.
 */
import { createMiddleware } from '@mswjs/http-middleware'
import express, { type ErrorRequestHandler, type RequestHandler } from 'express'
import type { AdminAccess } from '../admin/admin-auth.js'
import type { AdminHost } from '../admin/admin-routes.js'
import { composeHandlers } from '../handlers/compose-handlers.js'
import { fail, internalError, type ApiResponse } from '../api/respond.js'
import { hostProblem } from './host-header.js'

/** Thrown by a handler to have the server close the connection without an answer. */
export class DropConnection extends Error {
  constructor() {
    super('connection dropped by a scenario fault')
    this.name = 'DropConnection'
  }
}

function send(res: express.Response, response: ApiResponse): void {
  res.status(response.status).set({ 'content-type': 'application/json', ...response.headers }).send(response.body)
}

/** A missing, empty or malformed Host: the URL handed to the handlers is built from it (startServer checks this earlier). */
const wellFormedHost: RequestHandler = (req, res, next) => {
  const problem = hostProblem(req.headers.host, req.httpVersionMinor)
  if (problem === null) next()
  else send(res.set('connection', 'close'), fail(400, problem))
}

const unknownRoute: RequestHandler = (req, res) => {
  send(res, fail(404, `No such route: ${req.method} ${req.path}`))
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

export interface AppOptions {
  /**
   * Who may use `/__admin`: see AdminAccess (startServer sets it from host and token). Over
   * HTTP the cross-site checks are on unless `crossSiteChecks: false` is given.
   */
  admin?: AdminAccess
}

/** The app for a fake (a `Mock`): public API, media files and `/__admin`, from the same handlers as in-process. */
export function createApp(source: AdminHost, options: AppOptions = {}): express.Express {
  const app = express()
  app.disable('x-powered-by')
  app.disable('etag')
  app.use(wellFormedHost)
  app.use(
    createMiddleware(
      ...composeHandlers(source, {
        drop: () => {
          throw new DropConnection()
        },
        admin: { crossSiteChecks: true, ...options.admin },
      }),
    ),
  )
  app.use(unknownRoute)
  app.use(lastResort)
  return app
}
