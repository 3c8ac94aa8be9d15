/**
 * Property: whatever a client does to a fake (creates, reads of its own and others' tasks, usage,
 * clock moves, on a scenario with read-driven and timed steps, a deadline, weighted outcomes and
 * faults by position and probability), the fake's export, replayed with the same requests, gives
 * the same answers (ids normalised). Requests go straight to the api functions: no transport.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Outcome } from '../../src/api/public-api.js'
import { createTask, getTask, getUsage } from '../support/api-calls.js'
import { createMockCore, type MockCore } from '../../src/mock/mock-core.js'
import { parseScenario } from '../../src/scenario/index.js'
import { normalise, type Answer } from './session-support.js'
import { fuzzRuns } from '../support/long.js'

const RUNS = fuzzRuns(15, 400)
const SOURCE = `
version: 1
seed: 11
service: { timeout_after: 40s }
accounts: [{ api_key: a, credits: 60 }, { api_key: b, credits: 25 }]
timelines:
  default: [{ status: pending, polls: 1 }, { status: running, polls: 2 }, { status: success }]
  slow: [{ status: pending, for: 5s }, { status: running, for: 20s }, { status: failure, error: "no GPU left" }]
  mixed: [{ status: pending, polls: 2, for: 10s }, { status: running, for: 15s }, { status: success, output: { result: [{ title: "Fixed" }] } }]
rules:
  - { match: { task_type: lyrics }, timeline: slow }
  - match: { task_type: upload }
    one_of: [{ weight: 1, timeline: mixed }, { weight: 1, timeline: [{ status: running, for: 1h }, { status: success }] }]
faults:
  - { match: { endpoint: create, nth: 3 }, respond: { status: 500 } }
  - { match: { endpoint: create, probability: 0.15 }, drop: true }
  - { match: { endpoint: get_task, probability: 0.2 }, respond: { status: 503, headers: { Retry-After: "2" } } }
  - { match: { endpoint: usage, api_key: b, nth: 2 }, respond: { status: 429, message: "Slow down" } }
`
const BODIES = {
  music: { model: 'music-model', task_type: 'music', input: { gpt_description_prompt: 'x' } },
  lyrics: { model: 'music-model', task_type: 'lyrics', input: { prompt: 'y' } },
  upload: { model: 'music-model', task_type: 'upload', input: { url: 'https://example.test/song.mp3' } },
} as const

type Command =
  | { kind: 'create'; key: 0 | 1; type: keyof typeof BODIES }
  | { kind: 'read'; key: 0 | 1; task: number }
  | { kind: 'usage'; key: 0 | 1 }
  | { kind: 'advance'; ms: number }

const key = fc.constantFrom(0 as const, 1 as const)
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), key, type: fc.constantFrom('music' as const, 'lyrics' as const, 'upload' as const) }),
  // Reads weigh more, mostly of the first few tasks: several reads between clock moves are what polls replay.
  fc.record({ kind: fc.constant('read' as const), key, task: fc.nat(3) }),
  fc.record({ kind: fc.constant('read' as const), key, task: fc.nat(3) }),
  fc.record({ kind: fc.constant('read' as const), key, task: fc.nat(12) }),
  fc.record({ kind: fc.constant('usage' as const), key }),
  fc.record({ kind: fc.constant('advance' as const), ms: fc.constantFrom(0, 1, 999, 3_000, 7_500, 20_000) }),
)

function answer(label: string, outcome: Outcome): Answer {
  if (outcome.drop) return { label, status: 0, retryAfter: null, body: 'dropped' }
  const { response } = outcome
  return { label, status: response.status, retryAfter: response.headers?.['Retry-After'] ?? null, body: JSON.parse(response.body) as unknown }
}

function run(fake: MockCore, keys: readonly [string, string], commands: Command[]): Answer[] {
  const answers: Answer[] = []
  const created: string[] = []
  const origin = 'http://fake.test'
  for (const [index, step] of commands.entries()) {
    const label = `${index} ${step.kind}`
    if (step.kind === 'advance') fake.clock.advance(step.ms)
    else if (step.kind === 'usage') answers.push(answer(label, getUsage(fake.world, { apiKey: keys[step.key], origin })))
    else if (step.kind === 'read') {
      const id = created[step.task % Math.max(1, created.length)] ?? 'no-such-task'
      answers.push(answer(label, getTask(fake.world, { apiKey: keys[step.key], origin }, id)))
    } else {
      const body = JSON.stringify(BODIES[step.type])
      const outcome = createTask(fake.world, { apiKey: keys[step.key], origin, contentType: 'application/json', body })
      if (outcome.response?.created !== undefined) created.push(outcome.response.created.id)
      answers.push(answer(label, outcome))
    }
  }
  return answers
}

describe('export (property)', () => {
  it(
    'replays any session answer for answer',
    () => {
      fc.assert(
        fc.property(fc.array(command, { minLength: 1, maxLength: 60 }), fc.boolean(), (commands, ticking) => {
          // A clock that moves 2 s on every request (clock.tick), as the default scenario's does, or only when told.
          const scenario = ticking ? `${SOURCE}clock: { mode: manual, tick: 2s }\n` : SOURCE
          const source = createMockCore({ scenario, wallNow: () => 0 })
          const answers = run(source, ['a', 'b'], commands)
          const yaml = source.export()
          const parsed = parseScenario(yaml, 'export.yaml')
          if (!parsed.ok) throw new Error(`${parsed.errors.map((error) => error.message).join('\n')}\n${yaml}`)
          const replayed = run(createMockCore({ scenario: yaml, wallNow: () => 0 }), ['recorded-key-1', 'recorded-key-2'], commands)
          expect(normalise(replayed)).toEqual(normalise(answers))
        }),
        { numRuns: RUNS },
      )
    },
    20_000 + RUNS * 200,
  )
})
