/**
 * Scenario text is compiled once per source name and text: a suite that starts a fake per test
 * from the same text does not parse it again. Fakes sharing a compiled scenario share nothing
 * else; a mistake is reported in full every time; the cache keeps only the newest texts.
 */
import { describe, expect, it } from 'vitest'
import { createMock } from '../../src/mock/create-mock.js'
import { resolveScenario, ScenarioInvalidError } from '../../src/scenario/resolve-scenario.js'

const text = (tag: string) => `version: 1\nname: cache-${tag}\naccounts:\n  - { api_key: k, credits: 30 }\n`
const music = JSON.stringify({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: 'rain' } })

describe('resolveScenario on text', () => {
  it('compiles the same text from the same source once', () => {
    const first = resolveScenario(text('same'))
    expect(resolveScenario(text('same'))).toBe(first)
    // The source names the scenario when the text does not: another source, another compile.
    const unnamed = 'version: 1\naccounts: []\n'
    expect(resolveScenario(unnamed, 'a.yaml').name).toBe('a')
    expect(resolveScenario(unnamed, 'b.yaml').name).toBe('b')
  })

  it('reports every mistake of a broken text each time it is given', () => {
    const broken = 'version: 1\naccounts:\n  - { api_key: k, credits: -1 }\ntimelines: { default: [{ status: pendin }] }\n'
    for (let round = 0; round < 2; round++) {
      let caught: unknown
      try {
        resolveScenario(broken, 'broken.yaml')
      } catch (error) {
        caught = error
      }
      expect(caught).toBeInstanceOf(ScenarioInvalidError)
      expect((caught as ScenarioInvalidError).errors.map((error) => error.path)).toEqual(['accounts.0.credits', 'timelines.default.0.status'])
    }
  })

  it('keeps the newest 32 texts: an older one is compiled anew', () => {
    const oldest = resolveScenario(text('oldest'))
    for (let index = 0; index < 32; index++) resolveScenario(text(`filler-${index}`))
    const again = resolveScenario(text('oldest'))
    expect(again).not.toBe(oldest)
    expect(again).toEqual(oldest)
  })

  it('does not keep a text beyond 64 KiB', () => {
    const big = `${text('big')}description: "${'x'.repeat(64 * 1024)}"\n`
    expect(resolveScenario(big)).not.toBe(resolveScenario(big))
  })
})

it('fakes started from the same text share no state', async () => {
  const [a, b] = [createMock({ scenario: text('fakes'), baseUrl: 'http://a.test' }), createMock({ scenario: text('fakes'), baseUrl: 'http://b.test' })]
  expect(a.scenario).toBe(b.scenario)
  const created = await a.fetch(
    new Request('http://a.test/api/v1/task', { method: 'POST', headers: { 'x-api-key': 'k', 'content-type': 'application/json' }, body: music }),
  )
  expect(created.status).toBe(202)
  expect(a.accounts.get('k')).toMatchObject({ available: 20, frozen: 10 })
  expect(b.accounts.get('k')).toMatchObject({ available: 30, frozen: 0 })
  a.clock.advance('1h')
  expect(b.tasks.list()).toEqual([])
  expect(b.clock.now()).not.toEqual(a.clock.now())
  b.reset()
  expect(a.tasks.list()).toHaveLength(1)
})
