/**
 * The list of fault kinds (src/domain/fault-kinds/index.ts) is the one source of what a fault can
 * do: every registered kind is accepted by the scenario loader, compiled and written back, shown
 * in the JSON Schema for editors, documented in docs/scenarios.md, met by a request and labelled
 * in the journal with its key; a key no kind registers is refused, with the list in the message.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { getUsage } from '../support/api-calls.js'
import { ManualClock } from '../../src/domain/clock.js'
import { ENDPOINTS } from '../../src/domain/endpoint.js'
import { decideFault, newFaultCounters } from '../../src/domain/faults.js'
import { FAULT_KEYS, FAULT_KINDS, faultKindOf, type AnyFaultKind } from '../../src/domain/fault-kinds/index.js'
import { World } from '../../src/domain/world.js'
import { parseScenario, parseScenarioObject, scenarioJsonSchema } from '../../src/scenario/index.js'

const kinds = (FAULT_KINDS as readonly AnyFaultKind[]).map((kind) => [kind.key, kind] as const)
const doc = readFileSync(fileURLToPath(new URL('../../docs/scenarios.md', import.meta.url)), 'utf8')
const faultSchema = (scenarioJsonSchema() as { properties: { faults: { items: { properties: Record<string, unknown>; oneOf: unknown[] } } } }).properties.faults
  .items

/** A scenario with one account and the one fault `fault`, as YAML text (so faults have a line). */
const scenarioText = (fault: Record<string, unknown>) => `version: 1\naccounts: [{ api_key: k, credits: 10 }]\nfaults:\n  - ${JSON.stringify(fault)}\n`

function parsed(fault: Record<string, unknown>) {
  const result = parseScenario(scenarioText(fault), 'kinds.yaml')
  if (!result.ok) throw new Error(result.errors.map((error) => error.message).join('\n'))
  return result.scenario
}

test('the list holds kinds with distinct scenario keys and action keys', () => {
  expect(new Set(FAULT_KEYS).size).toBe(FAULT_KINDS.length)
  expect(new Set(FAULT_KINDS.map((kind) => kind.actionKey)).size).toBe(FAULT_KINDS.length)
})

describe.each(kinds)('fault kind %s', (key, kind) => {
  const endpoint = kind.only?.endpoints[0] ?? 'usage'

  test('is accepted by the loader, compiles to its action and writes back to its value', () => {
    const action = parsed({ match: { endpoint }, [key]: kind.example }).faults[0]!.action
    expect(action).toEqual(kind.compile(kind.example as never))
    expect(faultKindOf(action)).toBe(kind)
    expect(kind.write(action)).toEqual(kind.example)
    expect(parseScenarioObject({ version: 1, faults: [{ [key]: kind.example }] }).ok).toBe(true)
  })

  test('is in the JSON Schema: a property of a fault, and one of its exclusive actions', () => {
    expect(faultSchema.properties[key]).toEqual(expect.objectContaining({ description: expect.any(String) }))
    expect(faultSchema.oneOf).toContainEqual({ required: [key] })
  })

  test('is documented in docs/scenarios.md: its key row and its row of what it does per endpoint', () => {
    expect(doc).toContain(`| \`faults[].${key}\` |`)
    expect(doc).toMatch(new RegExp(`^\\| \`${key}\` \\|`, 'm'))
  })

  test('is met by a request, which the journal labels with its key and its line', () => {
    const world = new World(parsed({ match: { endpoint: 'usage' }, [key]: kind.example }), new ManualClock(0))
    getUsage(world, { apiKey: 'k', origin: 'http://127.0.0.1' })
    const [entry] = world.journal.entries()
    expect(entry?.cause).toEqual({ kind: 'fault', index: 0, action: key, line: 4, col: 5, nth: 1, counted: '1st usage request, all keys counted' })
  })

  test('meets the endpoints it says it meets, and no other', () => {
    const fault = parsed({ [key]: kind.example }).faults[0]!
    const counters = newFaultCounters([fault])
    const met = ENDPOINTS.filter((name) => decideFault([fault], counters, 1, { endpoint: name, apiKey: 'k', taskType: null }).action !== null)
    expect(met).toEqual(kind.only?.endpoints ?? ENDPOINTS)
    for (const other of ENDPOINTS.filter((name) => !met.includes(name))) {
      const result = parseScenario(scenarioText({ match: { endpoint: other }, [key]: kind.example }), 'kinds.yaml')
      expect(result.ok ? [] : result.errors.map((error) => `${error.path}: ${error.message}`)).toEqual([
        `faults.0.${key}: ${key} ${kind.only!.because}, so it applies to ${met.join(' and ')} only; a fault on ${other} with ${key} would never fire`,
      ])
    }
  })
})

test('a key no kind registers is refused, the registered ones listed', () => {
  const result = parseScenario(scenarioText({ no_such_kind: true }), 'kinds.yaml')
  const messages = result.ok ? [] : result.errors.map((error) => error.message)
  expect(messages).toContainEqual(`a fault needs exactly one of ${FAULT_KEYS.map((k) => JSON.stringify(k)).join(', ')}, got none`)
})
