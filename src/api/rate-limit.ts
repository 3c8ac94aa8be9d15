/**
 * The rate limit, as the real service does it: per API key per minute of scenario-clock time,
 * off unless the scenario sets `service.rate_limit`. Over the limit a request answers 429
 * `{code, message: "Rate limit exceeded. Try again in N seconds."}` with `Retry-After`; every
 * answer to a known key carries `X-RateLimit-Limit`, `X-RateLimit-Remaining` and
 * `X-RateLimit-Reset` (seconds until the window closes). It is the pipeline's second step
 * (public-api.ts): after authentication (a missing or unknown key is a 401, not counted) and
 * before anything else, faults included.
 */
import { limiterSpeed, secondsUntil } from '../domain/rate-window.js'
import type { Endpoint } from '../domain/types.js'
import type { Account, World } from '../domain/world.js'
import type { Outcome } from './request.js'
import { failWith, type ApiResponse } from './respond.js'

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

/** No limit (null), a refusal (429), or the headers the answer carries. */
export type RateStep = null | { refused: ApiResponse } | { refused: null; headers: Headers }

/** Counts a request of an authenticated account against the scenario's limit (when it counts `endpoint`). */
export function rateLimit(world: World, account: Account, endpoint: Endpoint): RateStep {
  const { rateLimitPerMinute: limit, rateLimitEndpoints: endpoints } = world.scenario.service
  if (limit === null || (endpoints !== undefined && !endpoints.includes(endpoint))) return null
  const now = world.clock.now()
  const decision = world.admit(account.apiKey, limit)
  const seconds = String(secondsUntil(decision.resetAt, now, limiterSpeed(world.scenario)))
  const headers = {
    'X-RateLimit-Limit': String(limit),
    'X-RateLimit-Remaining': String(decision.remaining),
    'X-RateLimit-Reset': seconds,
  }
  if (decision.admitted) return { refused: null, headers }
  return { refused: { ...failWith('rateLimited', seconds), headers: { 'Retry-After': seconds, ...headers }, cause: { kind: 'rate_limit' } } }
}

/** The rate-limit headers of a decision; a fault's own headers (e.g. a scripted 429) override them. */
export function withRateHeaders(outcome: Outcome, headers: Headers): Outcome {
  if (outcome.drop) return outcome
  return { ...outcome, response: { ...outcome.response, headers: mergeHeaders(headers, outcome.response.headers) } }
}
