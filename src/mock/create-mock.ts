/**
 * The fake as a library: the core (a world built from a scenario and its controls; see
 * mock-core.ts) plus the msw handlers that serve it: public API, media files and `/__admin`.
 * `startServer` puts the same core on HTTP.
 */
import type { HttpHandler } from 'msw'
import { composeHandlers, type ComposeOptions } from '../handlers/compose-handlers.js'
import { bundledLibrary } from './bundled-scenarios.js'
import { adminHostOf, createMockCore, type MockCore, type MockOptions } from './mock-core.js'

export { makeClock } from './mock-core.js'
export type { MockClock, MockCore, MockOptions } from './mock-core.js'

export interface Mock extends MockCore {
  readonly handlers: HttpHandler[]
}

export function createMock(options: MockOptions = {}, handlerOptions: ComposeOptions = {}): Mock {
  const core = createMockCore(options, bundledLibrary)
  const handlers = composeHandlers(adminHostOf(core), { baseUrl: options.baseUrl, ...handlerOptions })
  return Object.assign(core, { handlers })
}
