/**
 * The clocks stay inside the fake's horizon (9999-12-31T23:59:59.999Z): a move past it is refused,
 * not stored, and an auto clock stops there, so every instant the fake computes (a reading plus
 * at most one 10-year duration) is a date that prints.
 */
import { describe, expect, it } from 'vitest'
import { AutoClock, HORIZON, HORIZON_MS, LAST_INSTANT_MS, ManualClock, MAX_AUTO_SPEED } from '../../src/domain/clock.js'
import { MAX_DURATION_MS } from '../../src/domain/duration.js'

const message = `the clock cannot pass ${HORIZON}, the fake's horizon`

describe.each([
  ['manual', () => new ManualClock(0)],
  ['auto', () => new AutoClock({ startMs: 0, speed: 1, wallNow: () => 0 })],
] as const)('%s clock range', (_name, make) => {
  it('refuses an advance past the horizon and keeps its reading', () => {
    const clock = make()
    for (const by of [HORIZON_MS + 1, LAST_INSTANT_MS, 1e308, Number.POSITIVE_INFINITY]) {
      expect(() => clock.advance(by)).toThrow(new RangeError(message))
      expect(clock.now()).toBe(0)
    }
    clock.advance(HORIZON_MS)
    expect(new Date(clock.now()).toISOString()).toBe(HORIZON)
    expect(() => clock.advance(1)).toThrow(new RangeError(message))
    expect(new Date(clock.now()).toISOString()).toBe(HORIZON)
  })

  it('refuses a set past the horizon and keeps its reading', () => {
    const clock = make()
    expect(() => clock.set(HORIZON_MS + 1)).toThrow(new RangeError(message))
    expect(() => clock.set(LAST_INSTANT_MS)).toThrow(new RangeError(message))
    expect(() => clock.set(Number.POSITIVE_INFINITY)).toThrow(new RangeError(message))
    expect(clock.now()).toBe(0)
  })
})

describe('the horizon', () => {
  it('leaves room for the longest duration before the last instant a Date holds', () => {
    expect(new Date(HORIZON_MS + MAX_DURATION_MS).toISOString()).toBe('+010009-12-28T23:59:59.999Z')
    expect(HORIZON_MS + MAX_DURATION_MS).toBeLessThan(LAST_INSTANT_MS)
  })

  it('stops an auto clock left running at the highest speed, however long', () => {
    let wall = 0
    const clock = new AutoClock({ startMs: HORIZON_MS - 10_000, speed: MAX_AUTO_SPEED, wallNow: () => wall })
    wall = 1
    expect(clock.now()).toBe(HORIZON_MS)
    wall = 1e15
    expect(clock.now()).toBe(HORIZON_MS)
    expect(new Date(clock.now()).toISOString()).toBe(HORIZON)
    expect(() => clock.advance(1)).toThrow(new RangeError(message))
  })
})
