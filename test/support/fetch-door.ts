/**
 * The `mock.fetch` door: the fake called as a `fetch` function (src/mock/fetch-door.ts), with no
 * msw interception in between; the suites written for the other doors run against it unchanged.
 */
import { createMock } from '../../src/mock/create-mock.js'
import { sabotageMock, send, type Door } from './doors.js'

export function fetchDoor(): Door {
  const base = 'http://audio.mock.test'
  return {
    name: 'in-process (mock.fetch)',
    setup: async () => undefined,
    teardown: async () => undefined,
    async start(scenario) {
      const mock = createMock({ scenario, baseUrl: base })
      return {
        mock,
        origin: base,
        call: (method, path, options) => send(base, method, path, options, mock.scenario, mock.fetch),
        sabotage: (how) => sabotageMock(mock, how),
      }
    },
    stop: async () => undefined,
  }
}
