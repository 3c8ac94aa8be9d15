/**
 * For doors whose fake runs elsewhere (a page, an executable): a stand-in `mock` that queues the
 * clock moves and resets a test asks for, to be carried out where the fake runs before the next
 * request; anything else throws, saying where the fake runs and what to use instead.
 */
import type { MockCore } from '../../src/mock/mock-core.js'

export type Queued = { advance: string | number } | { reset: true }

export function queuedMock(queue: Queued[], door: string, where: string, instead: string): MockCore {
  const clock = { advance: (by: string | number) => void queue.push({ advance: by }) }
  const reset = () => void queue.push({ reset: true })
  return new Proxy({} as MockCore, {
    get(_target, name) {
      if (name === 'clock') return clock
      if (name === 'reset') return reset
      if (name === 'then') return undefined
      throw new Error(`${door}: mock.${String(name)} is not available from the test process (${where}); use ${instead}`)
    },
  })
}
