/** The clocks, with an injected wall-time source: nothing here waits for real time to pass. */
import { describe, expect, it } from 'vitest'
import { AutoClock, ManualClock } from '../../src/domain/clock.js'
import { makeClock } from '../../src/mock/create-mock.js'
import { parseScenario } from '../../src/scenario/index.js'

const T0 = Date.parse('2026-01-01T00:00:00.000Z')
const WALL = Date.parse('2030-06-01T12:00:00.000Z')

/** A wall clock the test moves by hand. */
function wall(start = WALL) {
  let now = start
  return { now: () => now, pass: (ms: number) => void (now += ms) }
}

describe('ManualClock', () => {
  it('moves only when told, and only forward', () => {
    const clock = new ManualClock(T0)
    clock.advance(5_000)
    clock.set(T0 + 60_000)
    expect(clock.now()).toBe(T0 + 60_000)
    expect(() => clock.advance(-1)).toThrow('the clock only moves forward')
    expect(() => clock.set(T0)).toThrow('2026-01-01T00:00:00.000Z is before 2026-01-01T00:01:00.000Z')
  })
})

describe('AutoClock', () => {
  it('does not go back when the wall clock is set back (issue 39: the ledger stays in time order)', () => {
    const real = wall()
    const clock = new AutoClock({ startMs: T0, speed: 1, wallNow: real.now })
    real.pass(10_000)
    expect(clock.now()).toBe(T0 + 10_000)
    real.pass(-4_000) // an NTP step back
    expect(clock.now()).toBe(T0 + 10_000)
    real.pass(5_000)
    expect(clock.now()).toBe(T0 + 11_000)
  })

  it('follows the wall clock from its start, speed times faster', () => {
    const real = wall()
    const clock = new AutoClock({ startMs: T0, speed: 60, wallNow: real.now })
    expect(clock.now()).toBe(T0)
    real.pass(5_000)
    expect(clock.now()).toBe(T0 + 5 * 60_000) // 5 s of real time are 5 min at speed 60
    real.pass(250)
    expect(clock.now()).toBe(T0 + 5 * 60_000 + 15_000)
  })

  it('runs slower than real time below speed 1, in whole milliseconds', () => {
    const real = wall()
    const clock = new AutoClock({ startMs: T0, speed: 0.5, wallNow: real.now })
    real.pass(3)
    expect(clock.now()).toBe(T0 + 1)
  })

  it('can still be moved ahead by hand, and keeps following the wall clock from there', () => {
    const real = wall()
    const clock = new AutoClock({ startMs: T0, speed: 2, wallNow: real.now })
    clock.advance(60_000)
    real.pass(1_000)
    expect(clock.now()).toBe(T0 + 62_000)
    clock.set(T0 + 120_000)
    real.pass(1_000)
    expect(clock.now()).toBe(T0 + 122_000)
    expect(() => clock.set(T0)).toThrow('the clock only moves forward')
  })
})

describe('makeClock', () => {
  const scenario = (clock: string) => {
    const result = parseScenario(`version: 1\nclock: ${clock}`, 'clock.yaml')
    if (!result.ok) throw new Error(JSON.stringify(result.errors))
    return result.scenario
  }

  it('makes a manual clock at the scenario start', () => {
    const clock = makeClock(scenario('{ mode: manual, start: "2026-03-01T00:00:00Z" }'))
    expect(clock).toBeInstanceOf(ManualClock)
    expect(clock.now()).toBe(Date.parse('2026-03-01T00:00:00Z'))
  })

  it('starts an auto clock without a start at the real time, and one with a start there', () => {
    const real = wall()
    const atWall = makeClock(scenario('{ mode: auto, speed: 60 }'), real.now)
    const atStart = makeClock(scenario('{ mode: auto, speed: 60, start: "2026-01-01T00:00:00Z" }'), real.now)
    real.pass(1_000)
    expect([atWall.now(), atStart.now()]).toEqual([WALL + 60_000, T0 + 60_000])
  })
})
