/** Mistakes: where they are reported, how they read, and that all of them are reported at once. */
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { SCENARIO_FILE_LIMIT } from '../../src/scenario/load-file.js'
import { formatScenarioError, loadScenarioFile, parseScenario, parseScenarioObject } from '../../src/scenario/index.js'
import { closest, levenshtein } from '../../src/scenario/suggest.js'

function errorLines(text: string): string[] {
  const result = parseScenario(text, 's.yaml')
  return result.ok ? [] : result.errors.map(formatScenarioError)
}

describe('parseScenario: positions and messages', () => {
  const cases: Array<[string, string, string[]]> = [
    ['an unknown key points at the key', 'version: 1\nservice:\n  modle: m', ['s.yaml:3:3: service.modle: unknown key "modle"; did you mean "model"?']],
    [
      'an unknown key with nothing close lists the allowed keys',
      'version: 1\nclock: { mode: auto, rate: 2 }',
      ['s.yaml:2:22: clock.rate: unknown key "rate"; allowed keys: "mode", "speed", "start"'],
    ],
    [
      'a missing key points at the enclosing mapping',
      'version: 1\naccounts:\n  - api_key: k',
      ['s.yaml:3:5: accounts.0.credits: missing required key "credits"'],
    ],
    ['a wrong value points at the value', 'version: 1\nseed: 1.5', ['s.yaml:2:7: seed: expected an integer from 0 to 4294967295, got 1.5']],
    ['a wrong top level', '- 1\n- 2', ['s.yaml:1:1: expected a scenario (a mapping with at least version: 1), got a list']],
    ['an unknown top-level key', 'version: 1\nseeds: 3', ['s.yaml:2:1: seeds: unknown key "seeds"; did you mean "seed"?']],
    [
      'a bad instant',
      'version: 1\nclock: { mode: manual, start: yesterday }',
      ['s.yaml:2:31: clock.start: expected an ISO 8601 instant like "2026-01-01T00:00:00.000Z", got "yesterday"'],
    ],
    ['a key with no value', 'version: 1\nservice:\n  model:', ['s.yaml:3:9: service.model: expected a non-empty string, got null']],
    [
      'a regular expression that does not compile',
      'version: 1\nrules:\n  - { match: { input: { t: { matches: "(" } } }, timeline: default }',
      [
        's.yaml:3:39: rules.0.match.input.t.matches: "(" is not a pattern the fake can run: missing closing ) at `(` (patterns use RE2 syntax, which runs in linear time: no backreferences or lookaround)',
      ],
    ],
    ['an unresolved alias', 'version: 1\nseed: *nope', ['s.yaml:2:7: invalid YAML: Unresolved alias (the anchor must be set before the alias): nope']],
    [
      'several YAML errors',
      'version: 1\na: [1\nb: "x',
      [
        's.yaml:3:1: invalid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]',
        's.yaml:3:6: invalid YAML: Missing closing "quote',
      ],
    ],
  ]
  test.each(cases)('%s', (_, text, expected) => expect(errorLines(text)).toEqual(expected))

  test('mistakes are sorted by position', () => {
    const lines = errorLines('version: 1\ntimelines:\n  x: [{ status: running, polls: 1 }]\nseed: -1\naccounts: 3')
    expect(lines.map((line) => line.split(':').slice(1, 3).join(':'))).toEqual(['3:17', '4:7', '5:11'])
  })
})

describe('parseScenarioObject', () => {
  test('valid values compile', () => {
    const result = parseScenarioObject({ version: 1, accounts: [{ api_key: 'k', credits: 1 }] }, 'inline')
    expect(result.ok && result.scenario.accounts).toEqual([{ apiKey: 'k', credits: 1 }])
    expect(result.ok && result.scenario.name).toBe('inline')
  })

  test('errors have no position and format without it', () => {
    const result = parseScenarioObject({ version: 1, timelines: { t: [{ status: 'pending', polls: 1 }] }, servce: {} })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.errors.every((error) => error.line === 0 && error.col === 0)).toBe(true)
    expect(result.errors.map(formatScenarioError)).toEqual([
      '<object>: servce: unknown key "servce"; did you mean "service"?',
      '<object>: timelines.t.0.status: the last step must be final (success, failure or timeout), got "pending"; the task would never finish',
    ])
  })
})

describe('loadScenarioFile', () => {
  test('a missing file is one error at 1:1', async () => {
    const result = await loadScenarioFile('/no/such/scenario.yaml')
    expect(result.ok ? [] : result.errors.map(formatScenarioError)).toEqual(['/no/such/scenario.yaml:1:1: cannot read the scenario file: no such file'])
  })

  test('a device is refused before anything is read from it (/dev/zero never ends)', async () => {
    const result = await loadScenarioFile('/dev/zero')
    expect(result.ok ? [] : result.errors.map(formatScenarioError)).toEqual([
      '/dev/zero:1:1: cannot read the scenario file: it is a character device, not a regular file; write the scenario to a file first',
    ])
  })

  test('a file over the size bound is refused without reading it whole', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'atm-big-scenario-'))
    const file = join(dir, 'big.yaml')
    writeFileSync(file, 'version: 1\n')
    truncateSync(file, SCENARIO_FILE_LIMIT + 1) // sparse: takes no room on the disk
    const result = await loadScenarioFile(file)
    rmSync(dir, { recursive: true, force: true })
    expect(result.ok ? [] : result.errors.map(formatScenarioError)).toEqual([
      `${file}:1:1: cannot read the scenario file: it is 16777217 bytes, over the 16777216 (16 MiB) a scenario file may have`,
    ])
  })
})

describe('suggestions', () => {
  const distances: Array<[string, string, number]> = [
    ['', 'abc', 3],
    ['task_tipe', 'task_type', 1],
    ['lyric', 'lyrics', 1],
    ['same', 'same', 0],
    ['abc', 'xyz', 3],
    ['modle', 'model', 1],
  ]
  test.each(distances)('levenshtein(%j, %j) = %i', (a, b, distance) => expect(levenshtein(a, b)).toBe(distance))

  const suggestions: Array<[string, string[], string | undefined]> = [
    ['task_tipe', ['task_type', 'api_key', 'mode'], 'task_type'],
    ['sucess', ['pending', 'running', 'success', 'failure', 'timeout'], 'success'],
    ['rate', ['mode', 'speed', 'start'], undefined],
    ['x', ['y'], 'y'],
  ]
  test.each(suggestions)('closest(%j) = %j', (word, candidates, expected) => expect(closest(word, candidates)).toBe(expected))
})
