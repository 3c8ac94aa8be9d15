/** The clocks stay inside the instants a Date can hold: a move past the last one is refused, not stored. */
import { describe, expect, it } from 'vitest'
import { AutoClock, LAST_INSTANT_MS, ManualClock } from '../../src/domain/clock.js'

const END = '+275760-09-13T00:00:00.000Z'
const message = `the clock cannot pass ${END}, the last instant a date can hold`

describe.each([
  ['manual', () => new ManualClock(0)],
  ['auto', () => new AutoClock({ startMs: 0, speed: 1, wallNow: () => 0 })],
] as const)('%s clock range', (_name, make) => {
  it('refuses an advance past the last instant and keeps its reading', () => {
    const clock = make()
    for (const by of [LAST_INSTANT_MS + 1, 1e308, Number.POSITIVE_INFINITY]) {
      expect(() => clock.advance(by)).toThrow(new RangeError(message))
      expect(clock.now()).toBe(0)
    }
    clock.advance(LAST_INSTANT_MS)
    expect(new Date(clock.now()).toISOString()).toBe(END)
    expect(() => clock.advance(1)).toThrow(new RangeError(message))
    expect(new Date(clock.now()).toISOString()).toBe(END)
  })

  it('refuses a set past the last instant and keeps its reading', () => {
    const clock = make()
    expect(() => clock.set(LAST_INSTANT_MS + 1)).toThrow(new RangeError(message))
    expect(() => clock.set(Number.POSITIVE_INFINITY)).toThrow(new RangeError(message))
    expect(clock.now()).toBe(0)
  })
})
