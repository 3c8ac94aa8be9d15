/**
 * Every handler of the fake, in the one order both doors use: the public API first (the hot
 * routes; in test mode behind the check of every answer against the OpenAPI document), the
 * document itself, then the media files, then the admin API, then (when the fake owns an origin)
 * a JSON 404.
 */
import type { HttpHandler } from 'msw'
import { createAdminHandlers, type AdminGuard } from './admin-handlers.js'
import type { MockHandle } from '../handle/mock-handle.js'
import { createAssetHandlers } from './asset-handlers.js'
import { checkResponses } from './check-responses.js'
import { createFallbackHandlers, createHandlers, type HandlerOptions } from './create-handlers.js'
import { createOpenApiHandlers } from './openapi-handlers.js'

export interface ComposeOptions extends HandlerOptions {
  /**
   * Who may use `/__admin` (default: anyone who can reach the handlers), e.g. `adminGuard({ token })`.
   * A function rather than the access settings, so that this module (which the browser entry
   * imports) does not import admin-auth.ts and its node:crypto.
   */
  adminGuard?: AdminGuard
  /** Admin bodies must come typed as JSON (YAML for scenarios): on for the HTTP doors, see admin/cross-site.ts. */
  typedAdminBodies?: boolean
}

export function composeHandlers(host: MockHandle, options: ComposeOptions = {}): HttpHandler[] {
  const { adminGuard, typedAdminBodies, ...handlerOptions } = options
  return [
    ...checkResponses(host, createHandlers(host, handlerOptions), handlerOptions),
    ...createOpenApiHandlers(host, handlerOptions),
    ...createAssetHandlers(host, handlerOptions),
    ...createAdminHandlers(host, { baseUrl: handlerOptions.baseUrl, guard: adminGuard, typedBodies: typedAdminBodies }),
    ...createFallbackHandlers(handlerOptions),
  ]
}
