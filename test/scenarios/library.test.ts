/**
 * The scenario library (scenarios/): every file is valid, says what it is for in a header
 * comment, is indexed in scenarios/README.md, and has cases here (NAME.cases.ts) proving over
 * HTTP that it does what it says. They all run from this file: one worker, one import of the
 * server, instead of one per scenario.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { formatScenarioError, parseScenario } from '../../src/scenario/index.js'
import { SCENARIOS_DIR } from '../support/bundled.js'
import { cases as defaultCases } from './default.cases.js'
import { cases as flakyCreate } from './flaky-create.cases.js'
import { cases as happyPath } from './happy-path.cases.js'
import { cases as insufficientCredits } from './insufficient-credits.cases.js'
import { cases as multiTenant } from './multi-tenant.cases.js'
import { cases as rateLimited } from './rate-limited.cases.js'
import { cases as realisticMix } from './realistic-mix.cases.js'
import { cases as slowQueue } from './slow-queue.cases.js'
import { cases as timeouts } from './timeouts.cases.js'
import { cases as upstreamFailure } from './upstream-failure.cases.js'

/** Each bundled scenario and the cases that prove it. */
const PROOFS: Record<string, () => void> = {
  default: defaultCases,
  'happy-path': happyPath,
  'insufficient-credits': insufficientCredits,
  'upstream-failure': upstreamFailure,
  timeouts,
  'flaky-create': flakyCreate,
  'rate-limited': rateLimited,
  'slow-queue': slowQueue,
  'realistic-mix': realisticMix,
  'multi-tenant': multiTenant,
}

const REQUIRED = [
  'default',
  'happy-path',
  'insufficient-credits',
  'upstream-failure',
  'timeouts',
  'flaky-create',
  'rate-limited',
  'slow-queue',
  'realistic-mix',
  'multi-tenant',
]
const names = readdirSync(SCENARIOS_DIR)
  .filter((file) => file.endsWith('.yaml'))
  .map((file) => file.replace(/\.yaml$/, ''))
  .sort()
const index = readFileSync(`${SCENARIOS_DIR}README.md`, 'utf8')

it('holds every scenario the library promises, and nothing the index leaves out', () => {
  expect(names).toEqual([...REQUIRED].sort())
  const indexed = [...index.matchAll(/\]\(([a-z0-9-]+)\.yaml\)/g)].map((match) => match[1])
  expect([...indexed].sort()).toEqual(names)
})

describe.each(names)('scenarios/%s.yaml', (name) => {
  const text = readFileSync(`${SCENARIOS_DIR}${name}.yaml`, 'utf8')

  it('is valid, and named after its file', () => {
    const result = parseScenario(text, `${name}.yaml`)
    if (!result.ok) throw new Error(result.errors.map(formatScenarioError).join('\n'))
    expect(result.scenario.name).toBe(name)
    expect(result.scenario.description.length).toBeGreaterThan(20)
  })

  it('points editors at the schema and opens with a comment saying what it is for', () => {
    const lines = text.split('\n')
    expect(lines[0]).toBe('# yaml-language-server: $schema=../schema/scenario.schema.json')
    const header = lines.slice(
      1,
      lines.findIndex((line) => !line.startsWith('#')),
    )
    expect(header.filter((line) => line.length > 2).length).toBeGreaterThanOrEqual(4)
    expect(header.join('\n')).toMatch(new RegExp(`^#\\n# ${name}: |The default scenario`))
  })

  it('has cases proving it does what it says', () => {
    expect(existsSync(new URL(`./${name}.cases.ts`, import.meta.url))).toBe(true)
    expect(PROOFS[name]).toBeTypeOf('function')
  })
})

for (const [name, proof] of Object.entries(PROOFS)) describe(`scenarios/${name}.yaml does what it says, over HTTP`, proof)
