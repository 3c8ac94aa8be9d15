/**
 * Scenarios that used to freeze or quietly break the fake (issue 11): backtracking patterns,
 * deep nesting, durations and clocks past what a Date holds, prototype keys. Each is refused at
 * load with FILE:LINE:COL, or runs in bounded time.
 */
import { describe, expect, test } from 'vitest'
import { chooseTimeline, newRuleCounters } from '../../src/domain/rules.js'
import { formatScenarioError, parseScenario, parseScenarioObject } from '../../src/scenario/index.js'

function errorLines(text: string): string[] {
  const result = parseScenario(text, 's.yaml')
  return result.ok ? [] : result.errors.map(formatScenarioError)
}

const rule = (pattern: string) => `version: 1\nrules:\n  - match: { input: { prompt: { matches: ${JSON.stringify(pattern)} } } }\n    timeline: default\n`

describe('matches: patterns run in linear time', () => {
  test('^(a+)+$ against a prompt that makes a backtracking engine explode takes milliseconds', () => {
    const result = parseScenario(rule('^(a+)+$'), 's.yaml')
    if (!result.ok) throw new Error(result.errors.map(formatScenarioError).join('\n'))
    const { rules, defaultTimeline } = result.scenario
    const take = (prompt: string) => {
      const started = performance.now()
      const chosen = chooseTimeline(rules, newRuleCounters(rules), { type: 'lyrics', apiKey: 'k', mode: null, mv: null, input: { prompt } }, 0, defaultTimeline)
      return { rule: chosen.rule, ms: performance.now() - started }
    }
    expect(take('aaaa').rule).toBe(0)
    const short = take(`${'a'.repeat(25)}!`) // a backtracking engine needs 2^25 steps here
    expect(short.rule).toBeNull()
    expect(short.ms).toBeLessThan(250)
    const long = take(`${'a'.repeat(100_000)}!`)
    expect(long.rule).toBeNull()
    expect(long.ms).toBeLessThan(2_000)
  })

  test.each([
    ['a backreference', '(a)\\1', 3, 42, 'invalid escape sequence at `\\1`'],
    ['a lookahead', 'x(?=y)', 3, 42, 'invalid or unsupported Perl syntax at `(?=`'],
    ['an unclosed group', '(', 3, 42, 'missing closing ) at `(`'],
  ])('%s is refused at its line with the reason', (_, pattern, line, col, reason) => {
    expect(errorLines(rule(pattern))).toEqual([
      `s.yaml:${line}:${col}: rules.0.match.input.prompt.matches: ${JSON.stringify(pattern)} is not a pattern the fake can run: ${reason} (patterns use RE2 syntax, which runs in linear time: no backreferences or lookaround)`,
    ])
  })

  test('a pattern longer than 1000 characters is refused', () => {
    expect(errorLines(rule('a'.repeat(1001)))).toEqual([
      's.yaml:3:42: rules.0.match.input.prompt.matches: expected a pattern of at most 1000 characters, got 1001',
    ])
  })

  test('JavaScript spellings that RE2 writes differently still work', () => {
    const result = parseScenario(rule('^\\u0041[^]/$'), 's.yaml')
    expect(result.ok).toBe(true)
  })
})

describe('nesting depth is bounded before anything walks the document', () => {
  test.each([
    ['flow lists', '['.repeat(1_000_000) + ']'.repeat(1_000_000), 1, 65],
    ['flow mappings', 'version: 1\nx: ' + '{a: '.repeat(200_000) + '1' + '}'.repeat(200_000), 2, 4 + 63 * 4],
    ['compact block lists', 'version: 1\nx:\n' + '- '.repeat(200_000) + '1', 3, 1 + 64 * 2],
  ])('%s a million characters deep: one error at the first level too deep, quickly', (_, text, line, col) => {
    const started = performance.now()
    const lines = errorLines(text)
    expect(performance.now() - started).toBeLessThan(1_000)
    expect(lines).toEqual([`s.yaml:${line}:${col}: the document nests deeper than 64 levels here; a scenario needs far fewer`])
  })

  test('indentation-deep block mappings are refused too', () => {
    const text = 'version: 1\n' + Array.from({ length: 100 }, (_, depth) => `${'  '.repeat(depth)}k${depth}:`).join('\n') + ' 1'
    expect(errorLines(text)).toEqual([`s.yaml:${2 + 64}:${2 * 64 + 4}: the document nests deeper than 64 levels here; a scenario needs far fewer`])
  })

  test('aliases cannot build depth the text does not show', () => {
    const nest = (inner: string) => `${'['.repeat(31)}${inner}${']'.repeat(31)}`
    const text = ['version: 1', 'x:', '  a0: &a0 [1]', `  a1: &a1 ${nest('*a0')}`, `  a2: ${nest('*a1')}`].join('\n')
    expect(errorLines(text)).toEqual([`s.yaml:5:38: x.a2${'.0'.repeat(62)}: the document nests deeper than 64 levels (through aliases)`])
  })

  test('a deep or cyclic object given in-process is refused, not walked forever', () => {
    let deep: unknown = 1
    for (let i = 0; i < 100_000; i++) deep = [deep]
    const cyclic: Record<string, unknown> = { version: 1 }
    cyclic['self'] = cyclic
    for (const value of [{ version: 1, x: deep }, cyclic]) {
      const result = parseScenarioObject(value)
      expect(result.ok).toBe(false)
      if (!result.ok) expect(result.errors[0]!.message).toMatch(/nests deeper than 64 levels/)
    }
  })

  test('an ordinary scenario is far from the bound', () => {
    expect(parseScenario('version: 1\nx: ' + '['.repeat(60) + ']'.repeat(60), 's.yaml').ok).toBe(false) // unknown key x, not depth
    expect(errorLines('version: 1\nx: ' + '['.repeat(60) + ']'.repeat(60))).toEqual([
      's.yaml:2:1: x: unknown key "x"; allowed keys: "version", "name", "description", "seed", "clock", "service", "accounts", "timelines", "rules", "faults"',
    ])
  })
})

describe('durations and clocks stay inside what a Date can hold', () => {
  test.each([
    [
      'timeout_after',
      'version: 1\nservice: { timeout_after: 9999999999h }',
      's.yaml:2:27: service.timeout_after: expected a duration of at most 87600h (10 years), got "9999999999h"',
    ],
    [
      'a step',
      'version: 1\ntimelines:\n  default: [{ status: pending, for: 87601h }, { status: success }]',
      's.yaml:3:37: timelines.default.0.for: expected a duration of at most 87600h (10 years), got "87601h"',
    ],
    ['a fault delay', 'version: 1\nfaults: [{ delay: 25h }]', 's.yaml:2:19: faults.0.delay: expected a delay of at most 24h, got "25h"'],
    [
      'an auto clock speed',
      'version: 1\nclock: { mode: auto, speed: 10000000000000 }',
      's.yaml:2:29: clock.speed: expected a number greater than 0 and at most 1000000, got 10000000000000',
    ],
    [
      'a clock start past the horizon (through its offset)',
      'version: 1\nclock: { mode: manual, start: "9999-12-31T23:00:00-02:00" }',
      's.yaml:2:31: clock.start: expected an instant no later than 9999-12-31T23:59:59.999Z, got "9999-12-31T23:00:00-02:00"',
    ],
  ])('%s past the bound is refused at its line', (_, text, expected) => {
    expect(errorLines(text)).toEqual([expected])
  })

  test('the bounds themselves are accepted', () => {
    const text = 'version: 1\nclock: { mode: manual, start: "9999-12-31T23:59:59.999Z" }\nservice: { timeout_after: 87600h }\nfaults: [{ delay: 24h }]'
    expect(parseScenario(text, 's.yaml').ok).toBe(true)
  })
})

describe('prototype keys are refused, not silently dropped', () => {
  test.each([
    [
      '__proto__',
      'version: 1\nrules:\n  - match: { input: { __proto__: { contains: x } } }\n    timeline: default',
      's.yaml:3:23: rules.0.match.input.__proto__: the key "__proto__" is not allowed (it names a JavaScript prototype, so it would be dropped or do harm)',
    ],
    [
      'constructor',
      'version: 1\nrules:\n  - match: { input: { constructor: { exists: true } } }\n    timeline: default',
      's.yaml:3:23: rules.0.match.input.constructor: the key "constructor" is not allowed (it names a JavaScript prototype, so it would be dropped or do harm)',
    ],
    [
      'prototype in a timeline name',
      'version: 1\ntimelines:\n  prototype: [{ status: success }]',
      's.yaml:3:3: timelines.prototype: the key "prototype" is not allowed (it names a JavaScript prototype, so it would be dropped or do harm)',
    ],
    [
      '__proto__ in an output override',
      'version: 1\ntimelines:\n  default:\n    - status: success\n      output: { __proto__: { polluted: true } }',
      's.yaml:5:17: timelines.default.0.output.__proto__: the key "__proto__" is not allowed (it names a JavaScript prototype, so it would be dropped or do harm)',
    ],
  ])('%s', (_, text, expected) => {
    expect(errorLines(text)).toEqual([expected])
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
  })

  test('in a JSON body too', () => {
    const json = '{"version": 1, "rules": [{"match": {"input": {"__proto__": {"contains": "x"}}}, "timeline": "default"}]}'
    expect(errorLines(json)).toEqual([
      's.yaml:1:47: rules.0.match.input.__proto__: the key "__proto__" is not allowed (it names a JavaScript prototype, so it would be dropped or do harm)',
    ])
  })
})
