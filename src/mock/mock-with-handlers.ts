/**
 * The fake as a library: the core (a world built from a scenario and its controls; see
 * mock-core.ts) plus the msw handlers that serve it: public API, media files and `/__admin`.
 * Web-standard only: the Node entry (create-mock.ts) gives it the bundled scenario files, the
 * browser entry (create-browser-mock.ts) no files.
 */
import type { HttpHandler } from 'msw'
import { composeHandlers, type ComposeOptions } from '../handlers/compose-handlers.js'
import { createMockCore, type MockCore, type MockOptions } from './mock-core.js'
import type { ScenarioLibrary } from '../scenario/resolve-scenario.js'

export interface Mock extends MockCore {
  readonly handlers: HttpHandler[]
}

/**
 * `handlers` are made when first read: msw records where each handler was created (a stack trace
 * apiece), which was 60% of `createMock`'s cost, and a suite that only calls `mock.fetch` or
 * starts a mock per test need not pay it. Made once; every read answers the same array.
 */
export function mockWithHandlers(options: MockOptions, handlerOptions: ComposeOptions, library?: ScenarioLibrary): Mock {
  const core = createMockCore(options, library)
  let handlers: HttpHandler[] | undefined
  return Object.defineProperty(core, 'handlers', {
    enumerable: true,
    get: () => (handlers ??= composeHandlers(core, { baseUrl: options.baseUrl, ...handlerOptions })),
  }) as Mock
}
