/**
 * Every handler of the fake, in the one order both doors use: the public API first (the hot
 * routes), then the media files, then the admin API, then (when the fake owns an origin) a JSON 404.
 */
import type { HttpHandler } from 'msw'
import type { AdminAccess } from '../admin/admin-auth.js'
import { createAdminHandlers } from '../admin/admin-handlers.js'
import type { AdminHost } from '../admin/admin-routes.js'
import { createAssetHandlers } from './asset-handlers.js'
import { createFallbackHandlers, createHandlers, type HandlerOptions } from './create-handlers.js'

export interface ComposeOptions extends HandlerOptions {
  /** Who may use `/__admin` (default: anyone who can reach the handlers). */
  admin?: AdminAccess
}

export function composeHandlers(host: AdminHost, options: ComposeOptions = {}): HttpHandler[] {
  const { admin, ...handlerOptions } = options
  return [
    ...createHandlers(host, handlerOptions),
    ...createAssetHandlers(host, handlerOptions),
    ...createAdminHandlers(host, { baseUrl: handlerOptions.baseUrl, access: admin }),
    ...createFallbackHandlers(handlerOptions),
  ]
}
