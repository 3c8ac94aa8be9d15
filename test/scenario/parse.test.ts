/** Valid scenario text → the compiled `Scenario`: defaults, conversions, names. */
import { describe, expect, test } from 'vitest'
import type { Scenario } from '../../src/domain/types.js'
import { defaultScenario, parseScenario } from '../../src/scenario/index.js'

function parse(text: string, file = 'test.yaml'): Scenario {
  const result = parseScenario(text, file)
  if (!result.ok) throw new Error(result.errors.map((error) => `${error.line}:${error.col} ${error.path}: ${error.message}`).join('\n'))
  return result.scenario
}

describe('parseScenario: valid files', () => {
  const cases: Array<[string, string, (scenario: Scenario) => void]> = [
    ['only version: every default', 'version: 1', (s) => expect({ ...s, name: 'default' }).toEqual(defaultScenario())],
    [
      'JSON text',
      '{ "version": 1, "seed": 7, "accounts": [{ "api_key": "k", "credits": 3 }] }',
      (s) => {
        expect(s.seed).toBe(7)
        expect(s.accounts).toEqual([{ apiKey: 'k', credits: 3 }])
      },
    ],
    ['name from the file name, unless set', 'version: 1', (s) => expect(s.name).toBe('test')],
    ['name and description', 'version: 1\nname: demo\ndescription: for tests', (s) => expect([s.name, s.description]).toEqual(['demo', 'for tests'])],
    [
      'partial prices keep the other defaults',
      'version: 1\nservice: { prices: { music: 20 } }',
      (s) => expect(s.service.prices).toEqual({ music: 20, lyrics: 5, upload: 1, concat: 5 }),
    ],
    [
      'partial limits keep the other defaults',
      'version: 1\nservice: { limits: { title: 10 } }',
      (s) => expect(s.service.limits).toMatchObject({ title: 10, tags: 200, gpt_description_prompt: 500 }),
    ],
    ['durations in milliseconds', 'version: 1\nservice: { timeout_after: 1m30s }', (s) => expect(s.service.timeoutAfterMs).toBe(90_000)],
    ['timeout_after null: never', 'version: 1\nservice: { timeout_after: null }', (s) => expect(s.service.timeoutAfterMs).toBeNull()],
    ['rate limit', 'version: 1\nservice: { rate_limit: { per_minute: 60 } }', (s) => expect(s.service.rateLimitPerMinute).toBe(60)],
    [
      'versions and default_version',
      'version: 1\nservice: { versions: [a, b], default_version: a }',
      (s) => expect([s.service.versions, s.service.defaultVersion]).toEqual([['a', 'b'], 'a']),
    ],
    [
      'manual clock with an offset',
      'version: 1\nclock: { mode: manual, start: "2026-01-01T02:00:00+02:00" }',
      (s) => expect(s.clock).toEqual({ mode: 'manual', startMs: Date.parse('2026-01-01T00:00:00.000Z') }),
    ],
    [
      'manual clock with a tick; without one, no tickMs at all (state fingerprints stay as they were)',
      'version: 1\nclock: { mode: manual, tick: 10s }',
      (s) => {
        expect(s.clock).toEqual({ mode: 'manual', startMs: Date.parse('2026-01-01T00:00:00.000Z'), tickMs: 10_000 })
        expect(Object.keys(parse('version: 1\nclock: { mode: manual }').clock)).toEqual(['mode', 'startMs'])
      },
    ],
    ['auto clock defaults', 'version: 1\nclock: { mode: auto }', (s) => expect(s.clock).toEqual({ mode: 'auto', startMs: null, speed: 1 })],
    [
      'auto clock with speed and start',
      'version: 1\nclock: { mode: auto, speed: 60, start: "2026-02-01T00:00:00Z" }',
      (s) => expect(s.clock).toEqual({ mode: 'auto', startMs: Date.parse('2026-02-01T00:00:00Z'), speed: 60 }),
    ],
    [
      'steps',
      'version: 1\ntimelines:\n  t:\n    - { status: pending, polls: 2, for: 5s, progress: "10%" }\n    - { status: success, output: { a: 1 } }',
      (s) =>
        expect(s.timelines.get('t')).toEqual({
          name: 't',
          steps: [
            { status: 'pending', polls: 2, forMs: 5_000, progress: '10%' },
            { status: 'success', output: { a: 1 } },
          ],
        }),
    ],
    [
      'built-in default timeline',
      'version: 1',
      (s) => {
        expect(s.defaultTimeline.steps).toEqual([{ status: 'pending', polls: 1 }, { status: 'running', polls: 2 }, { status: 'success' }])
        expect(s.timelines.get('default')).toBe(s.defaultTimeline)
      },
    ],
    [
      'a default timeline in the file replaces the built-in one',
      'version: 1\ntimelines:\n  default: [{ status: timeout }]',
      (s) => expect(s.defaultTimeline).toEqual({ name: 'default', steps: [{ status: 'timeout' }] }),
    ],
  ]
  test.each(cases)('%s', (_, text, check) => check(parse(text)))
})

describe('parseScenario: rules', () => {
  const scenario = parse(`version: 1
timelines:
  fail: [{ status: failure, error: nope }]
rules:
  - match: { task_type: music, mode: custom, mv: voice-v4, api_key: k, nth: 2, times: 3 }
    timeline: fail
  - match:
      input:
        a: { equals: { x: [1] } }
        b: { contains: xyz }
        c: { matches: "^f(ail|oo)$" }
        d: { exists: false }
    timeline: [{ status: running, for: 1s }, { status: success }]
  - one_of:
      - { weight: 3, timeline: default }
      - { weight: 1, timeline: [{ status: timeout }] }
`)
  const [named, inline, weighted] = scenario.rules

  test('named timelines resolve to the same object', () => {
    expect(named).toEqual({
      match: { task_type: 'music', mode: 'custom', mv: 'voice-v4', api_key: 'k', nth: 2, times: 3 },
      timeline: scenario.timelines.get('fail'),
    })
    expect(named?.timeline).toBe(scenario.timelines.get('fail'))
  })

  test('input predicates, patterns compiled (RE2: linear-time matching)', () => {
    const { c, ...rest } = inline?.match.input ?? {}
    expect(rest).toEqual({ a: { equals: { x: [1] } }, b: { contains: 'xyz' }, d: { exists: false } })
    const pattern = c !== undefined && 'matches' in c ? c.matches : undefined
    expect(pattern?.source).toBe('^f(ail|oo)$')
    expect(['fail', 'foo', 'fails', 'xfoo'].map((text) => pattern?.test(text))).toEqual([true, true, false, false])
  })

  test('timelines written in place are named after where they are', () => {
    expect(inline?.timeline).toEqual({ name: 'rules.1', steps: [{ status: 'running', forMs: 1_000 }, { status: 'success' }] })
    expect(weighted?.oneOf).toEqual([
      { weight: 3, timeline: scenario.defaultTimeline },
      { weight: 1, timeline: { name: 'rules.2.one_of.1', steps: [{ status: 'timeout' }] } },
    ])
    expect(weighted?.match).toEqual({})
  })
})

describe('parseScenario: faults', () => {
  const cases: Array<[string, unknown]> = [
    ['{ match: { endpoint: create, nth: 3 }, respond: { status: 500 } }', { match: { endpoint: 'create', nth: 3 }, action: { respond: { status: 500 } } }],
    [
      '{ respond: { status: 429, message: slow down, headers: { Retry-After: "5" } } }',
      { match: {}, action: { respond: { status: 429, message: 'slow down', headers: { 'Retry-After': '5' } } } },
    ],
    ['{ match: { endpoint: get_task, probability: 0.5 }, delay: 150ms }', { match: { endpoint: 'get_task', probability: 0.5 }, action: { delayMs: 150 } }],
    ['{ match: { api_key: k, task_type: music, times: 1 }, drop: true }', { match: { api_key: 'k', task_type: 'music', times: 1 }, action: { drop: true } }],
    ['{ match: { endpoint: any }, stale: true }', { match: { endpoint: 'any' }, action: { stale: true } }],
  ]
  test.each(cases)('%s', (fault, expected) => expect(parse(`version: 1\nfaults:\n  - ${fault}`).faults).toEqual([expected]))
})

describe('scenarios/default.yaml', async () => {
  const { loadScenarioFile } = await import('../../src/scenario/index.js')
  const result = await loadScenarioFile(new URL('../../scenarios/default.yaml', import.meta.url).pathname)

  test('is valid and what `npm start` promises', () => {
    if (!result.ok) throw new Error(JSON.stringify(result.errors))
    const { scenario } = result
    expect(scenario.seed).toBe(42)
    expect(scenario.clock).toEqual({ mode: 'manual', startMs: Date.parse('2026-01-01T00:00:00.000Z'), tickMs: 10_000 })
    expect(scenario.accounts).toEqual([
      { apiKey: 'demo-key', credits: 1000 },
      { apiKey: 'demo-key-2', credits: 1000 },
      { apiKey: 'broke-key', credits: 0 },
      { apiKey: 'low-key', credits: 12 },
    ])
    expect(scenario.service).toEqual(defaultScenario().service)
    expect([...scenario.timelines.keys()]).toEqual(['default', 'upstream-failure'])
    expect(scenario.rules).toHaveLength(1)
    expect(scenario.rules[0]?.match).toEqual({ task_type: 'music', input: { gpt_description_prompt: { contains: 'fail' } } })
    expect(scenario.rules[0]?.timeline?.name).toBe('upstream-failure')
  })
})
