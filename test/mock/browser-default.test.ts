/**
 * One default everywhere, the page included: the browser entry's createMock() serves the bundled
 * default scenario and bundled scenarios by name, exactly as the Node entry does (it reads no
 * files: their texts are compiled in, src/scenario/bundled-texts.ts, kept in step below).
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { createMock as createBrowserMock } from '../../src/mock/create-browser-mock.js'
import { createMock as createNodeMock } from '../../src/mock/create-mock.js'
import { bundledScenario, bundledScenarioNames } from '../../src/mock/bundled-scenarios.js'
import { BUNDLED_SCENARIO_TEXTS } from '../../src/scenario/bundled-texts.js'

describe('the browser entry serves the bundled scenarios', () => {
  it('with no scenario: the same default world as createMock() in Node', () => {
    const page = createBrowserMock({ wallNow: () => 0 })
    const node = createNodeMock({ wallNow: () => 0 })
    expect(page.health()).toEqual(node.health())
    expect(page.accounts.get('demo-key')).toEqual(node.accounts.get('demo-key'))
  })

  it('by name, as on the command line', () => {
    expect(createBrowserMock({ scenario: 'happy-path' }).health()).toEqual(createNodeMock({ scenario: 'happy-path' }).health())
    expect(() => createBrowserMock({ scenario: 'no-such-scenario' })).toThrow(/no bundled scenario named "no-such-scenario"/)
  })

  it('compiles in exactly the files of scenarios/ (npm run scenarios:texts rewrites them)', () => {
    expect(Object.keys(BUNDLED_SCENARIO_TEXTS)).toEqual(bundledScenarioNames())
    for (const name of bundledScenarioNames()) expect(BUNDLED_SCENARIO_TEXTS[name], name).toBe(bundledScenario(name))
    const script = readFileSync(new URL('../../scripts/bundled-texts.mjs', import.meta.url), 'utf8')
    expect(script).toContain('src/scenario/bundled-texts.ts')
  })
})
