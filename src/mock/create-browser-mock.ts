/**
 * `createMock` for a page (audio-task-mock/browser): there are no scenario files to read, so no
 * scenario means the built-in defaults (no accounts) and a scenario is text or an object.
 */
import type { ComposeOptions } from '../handlers/compose-handlers.js'
import type { MockOptions } from './mock-core.js'
import { mockWithHandlers, type Mock } from './mock-with-handlers.js'

export type { MockClock, MockCore, MockOptions } from './mock-core.js'
export type { Mock } from './mock-with-handlers.js'

export function createMock(options: MockOptions = {}, handlerOptions: ComposeOptions = {}): Mock {
  return mockWithHandlers(options, handlerOptions)
}
