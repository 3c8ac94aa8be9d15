/**
 * `createMock` for Node: the fake with its msw handlers (mock-with-handlers.ts) and `mock.fetch`
 * (fetch-door.ts), where no scenario means the bundled scenarios/default.yaml and a bare name a
 * bundled scenario, as on the command line. `startServer` puts the same core on HTTP.
 */
import type { ComposeOptions } from '../handlers/compose-handlers.js'
import { bundledLibrary } from './bundled-scenarios.js'
// Node reads AUDIO_TASK_MOCK_CHECK_RESPONSES (test mode); a page's bundle leaves it out.
import '../openapi/environment-check.js'
import { withFetch, type FetchMock } from './fetch-mock.js'
import type { MockOptions } from './mock-core.js'
import { mockWithHandlers } from './mock-with-handlers.js'

export { makeClock } from './mock-core.js'
export type { MockClock, MockCore, MockOptions } from './mock-core.js'
export type { MockFetch } from './fetch-door.js'

/** The fake in-process: its core, `handlers` for msw and `fetch` for clients that take an injected fetch. */
export type Mock = FetchMock

export function createMock(options: MockOptions = {}, handlerOptions: ComposeOptions = {}): Mock {
  return withFetch(mockWithHandlers(options, handlerOptions, bundledLibrary), options, handlerOptions)
}
