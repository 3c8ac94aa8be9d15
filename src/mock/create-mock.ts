/**
 * The fake as a library: the core (a world built from a scenario, clock, reset; see
 * mock-core.ts) plus the msw handlers that serve it. `startServer` puts the same core on HTTP.
 */
import type { HttpHandler } from 'msw'
import { createHandlers, type HandlerOptions } from '../handlers/create-handlers.js'
import { createMockCore, type MockCore, type MockOptions } from './mock-core.js'

export { makeClock } from './mock-core.js'
export type { MockClock, MockCore, MockOptions } from './mock-core.js'

export interface Mock extends MockCore {
  readonly handlers: HttpHandler[]
}

export function createMock(options: MockOptions = {}, handlerOptions: HandlerOptions = {}): Mock {
  const mock: Mock = Object.assign(createMockCore(options), { handlers: [] as HttpHandler[] })
  mock.handlers.push(...createHandlers(mock, { baseUrl: options.baseUrl, ...handlerOptions }))
  return mock
}
