/**
 * The bounds of the world registry, as users are told them:
 *
 * - `maxWorlds` (default 1,000): how many named worlds exist at once. An empty world of the
 *   default scenario costs about 88 KiB of heap, 78 KiB of it its journal's ring of 10,000 slots
 *   (bench/worlds-memory.mjs), so 1,000 worlds stay under 100 MB.
 * - `idleMs` (default 30 minutes): a world no request used for this long goes at the next call
 *   to the registry.
 * - `recentMs` (default 60 s): a world that answered a request this recently is never removed to
 *   make room; at the cap with every world that recent, a new world is refused (503).
 *
 * A bad value is a mistake of whoever starts the server: a RangeError that names the option.
 */

export interface WorldLimits {
  maxWorlds: number
  idleMs: number
  recentMs: number
}

export const DEFAULT_WORLD_LIMITS: Readonly<WorldLimits> = { maxWorlds: 1_000, idleMs: 30 * 60_000, recentMs: 60_000 }

/** At most this many worlds, whatever the option says: each costs a fake's memory. */
export const MAX_WORLDS_CEILING = 100_000

function whole(name: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`worlds: ${name} must be a whole number from ${min} to ${max}, got ${String(value)}`)
  }
  return value
}

/** The limits with defaults filled in, checked: `idleMs` is never shorter than `recentMs`. */
export function resolveLimits(options: Partial<WorldLimits>): WorldLimits {
  const day = 24 * 60 * 60_000
  const maxWorlds = whole('maxWorlds', options.maxWorlds ?? DEFAULT_WORLD_LIMITS.maxWorlds, 1, MAX_WORLDS_CEILING)
  const recentMs = whole('recentMs', options.recentMs ?? DEFAULT_WORLD_LIMITS.recentMs, 0, day)
  const idleMs = whole('idleMs', options.idleMs ?? Math.max(DEFAULT_WORLD_LIMITS.idleMs, recentMs), 1, 365 * day)
  if (idleMs < recentMs) {
    throw new RangeError(`worlds: idleMs (${idleMs}) must be at least recentMs (${recentMs}): a world that answered a request that recently never goes`)
  }
  return { maxWorlds, idleMs, recentMs }
}
