/**
 * The upstream's rate limit, from the headers of its answers. It becomes the replay's
 * `service.rate_limit` when the headers tell both the limit and a one-minute window (the one
 * window the scenario language has): a `RateLimit-Policy` / `X-RateLimit-Policy` of `N;w=60`,
 * or, as the fake and many gateways answer, `X-RateLimit-Reset: 60` on an answer whose
 * `X-RateLimit-Remaining` is the limit minus one (the first request of a window shows the whole
 * window). Then the upstream's 429s that carried that limit are the replay's limiter's, not
 * faults at fixed positions. Pure.
 */

export interface RateLimitSeen {
  perMinute: number
}

const header = (headers: Readonly<Record<string, string>>, name: string): string | undefined =>
  Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1]

const whole = (text: string | undefined): number | null => (text !== undefined && /^\s*\d+\s*$/.test(text) ? Number(text) : null)

export class RateLimitWatch {
  readonly #limits = new Set<number>()
  /** Window lengths (s) the headers told. */
  readonly #windows = new Set<number>()
  /** The first answer of the window being watched: when (recorder ms), its reset (s) and remaining count. */
  #window: { wall: number; reset: number; remaining: number } | null = null
  /** The longest stretch of one window seen: recorder ms, and how far its reset counted down meanwhile (s). */
  #span: { wall: number; counted: number } | null = null

  /** The limit an answer's headers name (X-RateLimit-Limit), or null. */
  static limitOf(headers: Readonly<Record<string, string>>): number | null {
    return whole(header(headers, 'x-ratelimit-limit') ?? header(headers, 'ratelimit-limit'))
  }

  /** `at`: when the request was sent, on the recorder's clock (what the limiter's countdown is compared with). */
  see(headers: Readonly<Record<string, string>>, at?: number): void {
    const limit = RateLimitWatch.limitOf(headers)
    const policy = header(headers, 'ratelimit-policy') ?? header(headers, 'x-ratelimit-policy')
    const told = policy === undefined ? null : /^\s*(\d+)\s*;\s*w\s*=\s*(\d+)/.exec(policy)
    if (told !== null) {
      this.#limits.add(Number(told[1]))
      this.#windows.add(Number(told[2]))
    }
    if (limit === null) return
    this.#limits.add(limit)
    const remaining = whole(header(headers, 'x-ratelimit-remaining') ?? header(headers, 'ratelimit-remaining'))
    const reset = whole(header(headers, 'x-ratelimit-reset') ?? header(headers, 'ratelimit-reset'))
    if (remaining === limit - 1 && reset !== null && reset <= 3_600) this.#windows.add(reset)
    if (at !== undefined && remaining !== null && reset !== null) this.#time(at, remaining, reset, limit)
  }

  /** Follows one window from its first answer: how far its reset counts down as the recorder's clock moves. */
  #time(at: number, remaining: number, reset: number, limit: number): void {
    const window = this.#window
    if (remaining === limit - 1 || window === null || remaining > window.remaining || reset > window.reset) {
      this.#window = remaining === limit - 1 ? { wall: at, reset, remaining } : null
      return
    }
    const wall = at - window.wall
    if (wall > 0 && (this.#span === null || wall > this.#span.wall)) this.#span = { wall, counted: window.reset - reset }
  }

  /**
   * Whether the limiter counts real time (the recorder's clock) rather than an upstream clock
   * running `rate` times as fast as it: true when its countdown over the longest stretch seen is
   * nearer real time's, or could be either (a real service's limiter counts real seconds).
   */
  countsRealTime(rate: number): boolean {
    if (this.#span === null) return true
    const { wall, counted } = this.#span
    // Resets are whole seconds: each sighting may be a second off.
    return Math.abs(counted - wall / 1000) <= Math.abs(counted - (wall * rate) / 1000) + 1
  }

  /** The limit to replay: one limit seen, one window told and it is a minute (to the second). */
  get limit(): RateLimitSeen | null {
    if (this.#limits.size !== 1 || this.#windows.size === 0) return null
    const perMinute = [...this.#limits][0]!
    const minute = [...this.#windows].every((seconds) => seconds >= 59 && seconds <= 60)
    return minute && perMinute > 0 ? { perMinute } : null
  }

  /** Why a limit seen is not replayed as one, for the file's header; null when there is none to explain. */
  get unreplayed(): string | null {
    if (this.#limits.size === 0 || this.limit !== null) return null
    if (this.#limits.size > 1) return `the upstream named several rate limits (${[...this.#limits].join(', ')}): its 429s replay as faults at their positions.`
    if (this.#windows.size === 0)
      return `the upstream's headers named a rate limit of ${[...this.#limits][0]} but not its window: its 429s replay as faults at their positions.`
    return `the upstream's rate limit window (${[...this.#windows].join(', ')} s) is not a minute, the only window a scenario has: its 429s replay as faults at their positions.`
  }
}
