/** A compiled scenario built by hand, so domain tests do not depend on the YAML loader. */
import { DEFAULT_LIMITS, DEFAULT_PRICES } from '../../src/domain/task-types/index.js'
import type { Scenario, Step, Timeline } from '../../src/domain/types.js'

export const T0 = Date.parse('2026-01-01T00:00:00.000Z')

export const timeline = (name: string, ...steps: Step[]): Timeline => ({ name, steps })

export const DEFAULT_TIMELINE = timeline('default', { status: 'pending', polls: 1 }, { status: 'running', polls: 2 }, { status: 'success' })

export function domainScenario(overrides: Partial<Scenario> = {}): Scenario {
  return {
    name: 'domain-test',
    description: '',
    seed: 11,
    clock: { mode: 'manual', startMs: T0 },
    service: {
      model: 'music-model',
      versions: ['voice-v3-5', 'voice-v4'],
      defaultVersion: 'voice-v4',
      // The prices the domain tests count with; a type added later has its own default.
      prices: { ...DEFAULT_PRICES, music: 10, lyrics: 5, upload: 1, concat: 5 },
      timeoutAfterMs: 600_000,
      limits: DEFAULT_LIMITS,
      maxBodyBytes: 1_048_576,
      maxTasks: 1_000_000,
      rateLimitPerMinute: null,
    },
    accounts: [
      { apiKey: 'a', credits: 100 },
      { apiKey: 'b', credits: 30 },
    ],
    timelines: new Map([['default', DEFAULT_TIMELINE]]),
    defaultTimeline: DEFAULT_TIMELINE,
    rules: [],
    faults: [],
    ...overrides,
  }
}
