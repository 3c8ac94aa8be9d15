/**
 * `createApp(mock)`: the fake as an express app, to run on its own (`createApp(mock).listen(4010)`)
 * or to mount in your express app under any prefix (`app.use('/mock', createApp(mock))`: its media
 * URLs and OpenAPI server then carry `/mock`). It is the node:http door (node-door.ts) as the app's
 * one middleware: every path below the mount is the fake's, so mount it under a prefix of its own
 * or after your routes.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { createRequire } from 'node:module'
import type { AdminAccess } from '../admin/admin-auth.js'
import type { MockHandle } from '../handle/mock-handle.js'
import type { CorsOptions } from './cors.js'
import { createNodeDoor } from './node-door.js'

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
  /** Who may use `/__admin` (see AdminAccess). Over HTTP the cross-site checks are on unless `crossSiteChecks: false` is given. */
  admin?: AdminAccess
  /** CORS for the public API, media and OpenAPI document (default: any origin); `false`: none. See cors.ts. */
  cors?: CorsOptions | false
}

/** The app for a fake (a `Mock`): public API, media files, the OpenAPI document, `/__admin` and `/__inspector`. */
export function createApp(source: MockHandle, options: AppOptions = {}): App {
  // Loaded here, not on import: importing the package should not cost express (decision 034).
  // express is CommonJS, so a require is synchronous.
  const express = createRequire(import.meta.url)('express') as typeof import('express')
  const app = express()
  app.disable('x-powered-by')
  app.disable('etag')
  const door = createNodeDoor(source, options)
  app.use((req, res) => door(req, res))
  return app
}
