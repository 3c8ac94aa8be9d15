/**
 * The fake as a library: the core (a world built from a scenario and its controls; see
 * mock-core.ts), its msw handlers (`mock.handlers`) and its `fetch` (`mock.fetch`), both doors
 * over the one dispatch. Web-standard only: the Node entry (create-mock.ts) gives it the bundled
 * scenario files, the browser entry (create-browser-mock.ts) the texts compiled in.
 */
import type { HttpHandler } from 'msw'
import { createFetchDoor, type MockFetch } from '../doors/fetch-door.js'
import { createHandlers, type HandlerOptions } from '../doors/msw-handlers.js'
import { createMockCore, type MockCore, type MockOptions } from './mock-core.js'
import type { ScenarioLibrary } from '../scenario/resolve-scenario.js'

export interface Mock extends MockCore {
  /** The msw handlers (`setupServer(...mock.handlers)`, `setupWorker(...)`), msw 2 or 3. */
  readonly handlers: HttpHandler[]
  /**
   * The fake as a `fetch`: pass it to a client that accepts an injected fetch. Answers exactly as
   * `handlers` do under msw, without intercepting anything (see doors/fetch-door.ts).
   */
  readonly fetch: MockFetch
}

/**
 * `handlers` are made when first read (msw records where each handler was created, a stack trace
 * apiece, and a suite that only calls `mock.fetch` need not pay it); made once, every read answers
 * the same array.
 */
export function mockWithDoors(options: MockOptions, handlerOptions: HandlerOptions, library?: ScenarioLibrary): Mock {
  const core = createMockCore(options, library)
  const doorOptions = { baseUrl: options.baseUrl, ...handlerOptions }
  let handlers: HttpHandler[] | undefined
  Object.defineProperty(core, 'handlers', { enumerable: true, get: () => (handlers ??= createHandlers(core, doorOptions)) })
  return Object.assign(core, { fetch: createFetchDoor(core, doorOptions) }) as Mock
}
