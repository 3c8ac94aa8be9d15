/** The upstream clock's rate: 1 for a real service, its speed for a fast fake, 0 for a clock that never moved. */
import { describe, expect, it } from 'vitest'
import { onUpstreamTime, upstreamRate } from '../../src/record/upstream-clock.js'
import { RateLimitWatch } from '../../src/record/rate-limit-seen.js'

describe('upstreamRate', () => {
  it('is 1 when the timestamps move with the wall clock, within a factor of 2', () => {
    expect(
      upstreamRate(
        [
          { wall: 0, upstream: 5_000 },
          { wall: 10_000, upstream: 16_000 },
        ],
        [],
      ),
    ).toBe(1)
  })
  it("is the upstream's speed when its timestamps run faster (from creations, else from durations)", () => {
    expect(
      upstreamRate(
        [
          { wall: 0, upstream: 0 },
          { wall: 1_000, upstream: 60_000 },
        ],
        [],
      ),
    ).toBe(60)
    expect(upstreamRate([{ wall: 0, upstream: 0 }], [{ wall: 380, upstream: 40_000 }])).toBe(110)
  })
  it('is 0 when the upstream clock never moved (a manual clock nobody advanced)', () => {
    expect(
      upstreamRate(
        [
          { wall: 0, upstream: 7 },
          { wall: 900, upstream: 7 },
        ],
        [],
      ),
    ).toBe(0)
    expect(upstreamRate([{ wall: 0, upstream: 7 }], [{ wall: 500, upstream: 0 }])).toBe(0)
  })
})

it("onUpstreamTime ends the task at exactly the upstream's duration", () => {
  const task = {
    key: 'k',
    type: 'music' as const,
    sourceId: 's',
    createdAt: 1_000,
    seen: [
      { at: 1_000, status: 'pending' as const, read: false },
      { at: 1_300, status: 'running' as const, read: true },
      { at: 1_390, status: 'success' as const, read: true },
    ],
    final: { status: 'success' as const, at: null, error: null, output: null },
  }
  const scaled = onUpstreamTime(task, 40_000, 1_000, 100)
  expect(scaled.final!.at! - scaled.createdAt).toBe(40_000)
  expect(scaled.seen.map((seen) => seen.at - scaled.createdAt)).toEqual([0, 30_000, 40_000])
})

describe('RateLimitWatch', () => {
  it('replays a limit whose headers tell a one-minute window, and says why it does not otherwise', () => {
    const minute = new RateLimitWatch()
    minute.see({ 'X-RateLimit-Limit': '10', 'X-RateLimit-Remaining': '9', 'X-RateLimit-Reset': '60' })
    expect(minute.limit).toEqual({ perMinute: 10 })
    const policy = new RateLimitWatch()
    policy.see({ 'RateLimit-Policy': '100;w=60' })
    expect(policy.limit).toEqual({ perMinute: 100 })
    const untold = new RateLimitWatch()
    untold.see({ 'x-ratelimit-limit': '10', 'x-ratelimit-remaining': '3' })
    expect(untold.limit).toBeNull()
    expect(untold.unreplayed).toContain('not its window')
    const hourly = new RateLimitWatch()
    hourly.see({ 'RateLimit-Policy': '1000;w=3600' })
    expect(hourly.unreplayed).toContain('is not a minute')
  })
})
