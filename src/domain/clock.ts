/**
 * The clock is injected into the world: `manual` moves only when told (tests never sleep),
 * `auto` follows a wall-time source, optionally sped up (speed 60: a 5-minute task takes 5 s).
 */

export interface Clock {
  /** Milliseconds since the epoch, as the fake's world sees them. */
  now(): number
}

/** The last instant a Date can hold (+275760-09-13): past it `toISOString` throws. */
export const LAST_INSTANT_MS = 8.64e15

/**
 * The fake's horizon, 9999-12-31T23:59:59.999Z: no clock goes past it (a manual clock refuses,
 * an auto clock stops there). Every instant the fake computes is a clock reading plus at most
 * one duration (at most MAX_DURATION_MS), so all of them stay far below LAST_INSTANT_MS and
 * print as ordinary four-digit-year timestamps.
 */
export const HORIZON_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999)
export const HORIZON = '9999-12-31T23:59:59.999Z'

/** Auto clocks run at most this many clock seconds per real second (11.6 days a second). */
export const MAX_AUTO_SPEED = 1_000_000

function withinRange(ms: number): number {
  if (!(ms <= HORIZON_MS)) throw new RangeError(`the clock cannot pass ${HORIZON}, the fake's horizon`)
  return ms
}

/**
 * Moves only when told. A scenario's `clock.tick` does not move it: each task keeps its own
 * time ahead of it (decision 038, World.timeOf), so one client's requests never age another's tasks.
 */
export class ManualClock implements Clock {
  #now: number

  constructor(startMs: number) {
    this.#now = startMs
  }

  now(): number {
    return this.#now
  }

  advance(ms: number): void {
    if (!(ms >= 0)) throw new RangeError(`the clock only moves forward: cannot advance by ${ms} ms`)
    this.#now = withinRange(this.#now + ms)
  }

  set(ms: number): void {
    if (!(ms >= this.#now)) {
      throw new RangeError(`the clock only moves forward: ${new Date(ms).toISOString()} is before ${new Date(this.#now).toISOString()}`)
    }
    this.#now = withinRange(ms)
  }
}

/**
 * Follows `wallNow` from the moment it is made, `speed` times faster, starting at `startMs`.
 * `advance` adds an offset on top (the admin API can still jump ahead).
 */
export class AutoClock implements Clock {
  readonly #wallNow: () => number
  readonly #wallOrigin: number
  readonly #startMs: number
  readonly #speed: number
  #offset = 0
  /** The latest reading: a wall clock set back (NTP, a user) does not take this one back with it. */
  #last = -Infinity

  constructor(options: { startMs: number; speed: number; wallNow: () => number }) {
    this.#wallNow = options.wallNow
    this.#wallOrigin = options.wallNow()
    this.#startMs = options.startMs
    this.#speed = options.speed
  }

  /** Stops at the horizon: a fast clock left running reaches it in finite time. Never goes back. */
  now(): number {
    const reading = Math.min(HORIZON_MS, Math.floor(this.#startMs + (this.#wallNow() - this.#wallOrigin) * this.#speed) + this.#offset)
    if (reading > this.#last) this.#last = reading
    return this.#last
  }

  advance(ms: number): void {
    if (!(ms >= 0)) throw new RangeError(`the clock only moves forward: cannot advance by ${ms} ms`)
    withinRange(this.now() + ms)
    this.#offset += ms
  }

  set(ms: number): void {
    const now = this.now()
    if (!(ms >= now)) {
      throw new RangeError(`the clock only moves forward: ${new Date(ms).toISOString()} is before ${new Date(now).toISOString()}`)
    }
    this.#offset += withinRange(ms) - now
  }
}

export type ControllableClock = ManualClock | AutoClock
