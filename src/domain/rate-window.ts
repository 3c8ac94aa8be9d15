/**
 * The rate limit's bookkeeping (DESIGN.md: per key per minute, on the scenario clock).
 * A key's window opens with its first request and lasts one minute; once `limit` requests
 * have been admitted in it, the rest are refused until it closes. Refused requests do not
 * count. Pure: the time is passed in, the state lives in the world.
 */
import type { Scenario } from './types.js'

export const RATE_WINDOW_MS = 60_000

/**
 * Clock ms per limiter ms: 1, or an auto clock's speed when `rate_limit.real_time` says the
 * limiter counts real minutes (a clock at speed 60 then still allows N requests a real minute,
 * and Retry-After counts real seconds).
 */
export function limiterSpeed(scenario: Pick<Scenario, 'clock' | 'service'>): number {
  return scenario.service.rateLimitRealTime === true && scenario.clock.mode === 'auto' ? scenario.clock.speed : 1
}

export interface RateWindow {
  /** Clock time the window opened (the key's first request in it). */
  openedAt: number
  /** Requests admitted in this window. */
  admitted: number
}

/** Per API key. Part of the world's state, so a reset forgets it. */
export type RateWindows = Map<string, RateWindow>

export interface RateDecision {
  admitted: boolean
  limit: number
  /** Requests the key may still make in this window (after this one, when admitted). */
  remaining: number
  /** Clock time the window closes and the count starts again. */
  resetAt: number
}

/** Counts a request of `key` at `now` against its window (`windowMs` of clock time); refused (and not counted) past `limit`. */
export function admitRequest(windows: RateWindows, key: string, now: number, limit: number, windowMs = RATE_WINDOW_MS): RateDecision {
  let window = windows.get(key)
  if (window === undefined || now >= window.openedAt + windowMs) {
    window = { openedAt: now, admitted: 0 }
    windows.set(key, window)
  }
  const resetAt = window.openedAt + windowMs
  if (window.admitted >= limit) return { admitted: false, limit, remaining: 0, resetAt }
  window.admitted += 1
  return { admitted: true, limit, remaining: limit - window.admitted, resetAt }
}

/** Whole seconds from `now` until `at`, at least 1, of a limiter `speed` times slower than the clock: what Retry-After and X-RateLimit-Reset say. */
export function secondsUntil(at: number, now: number, speed = 1): number {
  return Math.max(1, Math.ceil((at - now) / speed / 1000))
}
