/**
 * `createMock` for Node: the fake with its msw handlers (mock-with-handlers.ts), where no
 * scenario means the bundled scenarios/default.yaml and a bare name a bundled scenario, as on
 * the command line. `startServer` puts the same core on HTTP.
 */
import type { ComposeOptions } from '../handlers/compose-handlers.js'
import { bundledLibrary } from './bundled-scenarios.js'
import type { MockOptions } from './mock-core.js'
import { mockWithHandlers, type Mock } from './mock-with-handlers.js'

export { makeClock } from './mock-core.js'
export type { MockClock, MockCore, MockOptions } from './mock-core.js'
export type { Mock } from './mock-with-handlers.js'

export function createMock(options: MockOptions = {}, handlerOptions: ComposeOptions = {}): Mock {
  return mockWithHandlers(options, handlerOptions, bundledLibrary)
}
