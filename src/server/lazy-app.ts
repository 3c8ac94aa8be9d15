/**
 * The express app (createApp: msw handlers through @mswjs/http-middleware, admin API, media,
 * unknown routes), loaded on the first request that needs it: express and msw take longer
 * to import than the rest of the server together, and the public API does not need them.
 */
import type { RequestListener } from 'node:http'
import type { MockHandle } from '../handle/mock-handle.js'
import type { AppOptions } from './create-app.js'
import { writeInternalError } from './write-outcome.js'

export function lazyApp(source: MockHandle, options: AppOptions = {}): RequestListener {
  let app: Promise<RequestListener> | null = null
  return (req, res) => {
    app ??= import('./create-app.js').then(({ createApp }) => createApp(source, options))
    app.then(
      (listener) => listener(req, res),
      (error: unknown) => writeInternalError(res, error),
    )
  }
}
