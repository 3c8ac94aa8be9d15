/**
 * `createMock` for Node: the fake with its msw handlers and `mock.fetch` (mock-with-doors.ts),
 * where no scenario means the bundled scenarios/default.yaml and a bare name a bundled scenario,
 * as on the command line. `startServer` puts the same core on HTTP.
 */
import type { HandlerOptions } from '../doors/msw-handlers.js'
import { bundledLibrary } from './bundled-scenarios.js'
// Node reads AUDIO_TASK_MOCK_CHECK_RESPONSES (test mode); a page's bundle leaves it out.
import '../openapi/environment-check.js'
import type { MockOptions } from './mock-core.js'
import { mockWithDoors, type Mock } from './mock-with-doors.js'

export { makeClock } from './mock-core.js'
export type { MockClock, MockCore, MockOptions } from './mock-core.js'
export type { MockFetch } from '../doors/fetch-door.js'
export type { Mock } from './mock-with-doors.js'

/** The fake in-process: its core, `handlers` for msw and `fetch` for clients that take an injected fetch. */
export function createMock(options: MockOptions = {}, handlerOptions: HandlerOptions = {}): Mock {
  return mockWithDoors(options, handlerOptions, bundledLibrary)
}
