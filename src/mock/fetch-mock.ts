/**
 * A `Mock` with its `fetch` door (fetch-door.ts), shared by the Node and browser `createMock`:
 * the door answers from the same core and the same handlers as `mock.handlers`.
 */
import type { ComposeOptions } from '../handlers/compose-handlers.js'
import { createFetchDoor, type MockFetch } from './fetch-door.js'
import type { MockOptions } from './mock-core.js'
import type { Mock as HandlersMock } from './mock-with-handlers.js'

export interface FetchMock extends HandlersMock {
  /**
   * The fake as a `fetch`: pass it to a client that accepts an injected fetch. Answers exactly as
   * `handlers` do under msw, without intercepting anything (see fetch-door.ts).
   */
  readonly fetch: MockFetch
}

export function withFetch(mock: HandlersMock, options: MockOptions, handlerOptions: ComposeOptions): FetchMock {
  const { baseUrl, drop } = { baseUrl: options.baseUrl, ...handlerOptions }
  return Object.assign(mock, { fetch: createFetchDoor(mock, () => mock.handlers, { baseUrl, drop }) })
}
