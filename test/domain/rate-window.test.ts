import { describe, expect, it } from 'vitest'
import { admitRequest, RATE_WINDOW_MS, secondsUntil, type RateWindows } from '../../src/domain/rate-window.js'

const T0 = Date.parse('2026-01-01T00:00:00.000Z')

describe('rate windows', () => {
  it('admits `limit` requests in a minute, then refuses without counting, until the window closes', () => {
    const windows: RateWindows = new Map()
    const admitted = [0, 1, 2].map((i) => admitRequest(windows, 'k', T0 + i * 1_000, 3))
    expect(admitted.map((d) => [d.admitted, d.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
    ])
    const refused = admitRequest(windows, 'k', T0 + 59_999, 3)
    expect(refused).toEqual({ admitted: false, limit: 3, remaining: 0, resetAt: T0 + RATE_WINDOW_MS })
    expect(windows.get('k')).toEqual({ openedAt: T0, admitted: 3 })
    const next = admitRequest(windows, 'k', T0 + RATE_WINDOW_MS, 3)
    expect(next).toEqual({ admitted: true, limit: 3, remaining: 2, resetAt: T0 + 2 * RATE_WINDOW_MS })
  })

  it('opens a window at the first request after a quiet spell, not on minute boundaries', () => {
    const windows: RateWindows = new Map()
    admitRequest(windows, 'k', T0 + 50_000, 1)
    expect(admitRequest(windows, 'k', T0 + 61_000, 1).admitted).toBe(false)
    expect(admitRequest(windows, 'k', T0 + 110_000, 1)).toMatchObject({ admitted: true, resetAt: T0 + 170_000 })
  })

  it('keeps one window per key', () => {
    const windows: RateWindows = new Map()
    expect(admitRequest(windows, 'a', T0, 1).admitted).toBe(true)
    expect(admitRequest(windows, 'a', T0, 1).admitted).toBe(false)
    expect(admitRequest(windows, 'b', T0, 1).admitted).toBe(true)
  })

  it.each([
    [60_000, 60],
    [59_001, 60],
    [1_500, 2],
    [1, 1],
    [0, 1],
  ])('rounds %i ms up to %i whole seconds (at least 1)', (ms, seconds) => {
    expect(secondsUntil(T0 + ms, T0)).toBe(seconds)
  })
})
