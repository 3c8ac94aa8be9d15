/**
 * The values a scenario file gets for every key it leaves out. Prices and limits are what the
 * real service does where its spec is silent (observed in public client code and docs).
 */
import { DEFAULT_LIMITS as TYPE_LIMITS, DEFAULT_PRICES as TYPE_PRICES } from '../domain/task-types/index.js'
import type { Limits, Prices, Step } from '../domain/types.js'

export const DEFAULT_SEED = 1
export const DEFAULT_CLOCK_START = '2026-01-01T00:00:00.000Z'
export const DEFAULT_MODEL = 'music-model'
export const DEFAULT_VERSIONS: readonly string[] = ['voice-v3-5', 'voice-v4']
export const DEFAULT_VERSION = 'voice-v4'
/** Each task type's own price (src/domain/task-types/). */
export const DEFAULT_PRICES: Prices = TYPE_PRICES
export const DEFAULT_TIMEOUT_AFTER = '10m'
/** Each task type's own text limits (src/domain/task-types/). */
export const DEFAULT_LIMITS: Limits = TYPE_LIMITS
/** 1 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 1_048_576
/** 64 KiB: a create's input is stored with its task (and saved by --state), so it is capped well below a body. */
export const DEFAULT_MAX_INPUT_BYTES = 65_536
/** Tasks the fake stores at most (~1.7 KB each: about 1.7 GB at the cap); creates past it answer 503. */
export const DEFAULT_MAX_TASKS = 1_000_000
export const DEFAULT_AUTO_CLOCK_SPEED = 1

/** The timeline named `default` when a scenario file defines none. */
export const DEFAULT_TIMELINE_STEPS: readonly Step[] = [{ status: 'pending', polls: 1 }, { status: 'running', polls: 2 }, { status: 'success' }]

/** Audio files last at most 10 minutes (4.8 MB at 8 kHz) unless the scenario says otherwise; generated clips last at most 8. */
export const DEFAULT_MAX_AUDIO_SECONDS = 600
/** The largest cap a scenario may set: 10 hours, 288 MB, streamed. */
export const MAX_AUDIO_SECONDS_LIMIT = 36_000
