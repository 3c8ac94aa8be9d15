/**
 * The rate limit, as the real service does it: per API key per minute of scenario-clock time,
 * off unless the scenario sets `service.rate_limit`. Over the limit a request answers 429
 * `{code, message: "Rate limit exceeded. Try again in N seconds."}` with `Retry-After`; every
 * answer to a known key carries `X-RateLimit-Limit`, `X-RateLimit-Remaining` and
 * `X-RateLimit-Reset` (seconds until the window closes). It runs after authentication (a
 * missing or unknown key is a 401, not counted) and before anything else, faults included.
 */
import { secondsUntil } from '../domain/rate-window.js'
import type { World } from '../domain/world.js'
import type { ApiRequest, Outcome } from './public-api.js'
import { fail } from './respond.js'

type Headers = Readonly<Record<string, string>>

/** `extra` over `base`, header names compared without case (the later spelling wins). */
export function mergeHeaders(base: Headers, extra: Headers | undefined): Record<string, string> {
  const merged: Record<string, string> = { ...base }
  for (const [name, value] of Object.entries(extra ?? {})) {
    for (const existing of Object.keys(merged)) if (existing.toLowerCase() === name.toLowerCase()) delete merged[existing]
    merged[name] = value
  }
  return merged
}

/** The rate-limit headers of a decision; a fault's own headers (e.g. a scripted 429) override them. */
function withHeaders(outcome: Outcome, headers: Headers): Outcome {
  if (outcome.drop) return outcome
  return { ...outcome, response: { ...outcome.response, headers: mergeHeaders(headers, outcome.response.headers) } }
}

/** Wraps a public API function so each request of a known key is counted, refused or labelled. */
export function rateLimited<R extends ApiRequest, Rest extends unknown[]>(
  serve: (world: World, request: R, ...rest: Rest) => Outcome,
): (world: World, request: R, ...rest: Rest) => Outcome {
  return (world, request, ...rest) => {
    const limit = world.scenario.service.rateLimitPerMinute
    const key = request.apiKey
    if (limit === null || key === null || world.account(key) === undefined) return serve(world, request, ...rest)
    const now = world.clock.now()
    const decision = world.admit(key, limit)
    const seconds = String(secondsUntil(decision.resetAt, now))
    const headers = {
      'X-RateLimit-Limit': String(limit),
      'X-RateLimit-Remaining': String(decision.remaining),
      'X-RateLimit-Reset': seconds,
    }
    if (decision.admitted) return withHeaders(serve(world, request, ...rest), headers)
    const message = `Rate limit exceeded. Try again in ${seconds} seconds.`
    return { response: fail(429, message, { 'Retry-After': seconds, ...headers }), delayMs: 0 }
  }
}
