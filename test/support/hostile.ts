/**
 * What the hostile-input tests of the admin and media routes share: fast-check arbitraries for
 * nasty text and JSON, a raw `call` that sends exactly the bytes and headers given (no API key
 * added, no shape check), the JSON `{code, message}` check every error must pass, and a snapshot
 * of the world (accounts, tasks, clock) to prove a rejected request changed nothing.
 */
import fc from 'fast-check'
import { expect } from 'vitest'
import { ledgerViolations } from '../../src/domain/ledger.js'
import type { MockCore } from '../../src/mock/mock-core.js'
import { snapshotWorld } from '../../src/state/snapshot.js'
import { fuzzRuns } from './long.js'

/** fast-check runs per property: 10 in `npm test`, 300 in `npm run test:long`, FUZZ_RUNS if set. */
export const RUNS = fuzzRuns(10, 300)

const SURROGATES = 0xe000 - 0xd800
/**
 * fast-check's `'binary'` string unit (any code point but a lone surrogate; the same values for the
 * same seed) with a reverse mapping computed instead of stored: fast-check builds a 1.1 million
 * entry map for its own on first use, 0.65 s of CPU in every test worker.
 */
export const binaryUnit: fc.Arbitrary<string> = fc.nat({ max: 0x10ffff - SURROGATES }).map(
  (index) => String.fromCodePoint(index < 0xd800 ? index : index + SURROGATES),
  (value) => {
    const point = typeof value === 'string' ? value.codePointAt(0) : undefined
    if (point === undefined || String.fromCodePoint(point) !== value || (point >= 0xd800 && point < 0xe000)) throw new Error('not one code point')
    return point < 0xd800 ? point : point - SURROGATES
  },
)

export const nasty = fc.oneof(
  fc.string({ unit: binaryUnit, maxLength: 40 }),
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    '\u0000',
    '🎵🎶',
    '../../etc/passwd',
    '..',
    '%00',
    '%2e%2e',
    'a'.repeat(600),
    '',
  ),
)
export const anyJson = fc.jsonValue({ maxDepth: 6 })
/** A value for a field: sometimes right, mostly wrong (any JSON, nasty text, huge or odd numbers). */
export const field = <T>(good: fc.Arbitrary<T>): fc.Arbitrary<unknown> =>
  fc.oneof(good, anyJson, nasty, fc.constantFrom(-1, 0.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, '10', true, null, [], {}))
/** An object with `fields`, any of them left out, plus maybe one hostile extra key. */
export const objectWith = (fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<unknown> =>
  fc
    .tuple(fc.record(fields, { requiredKeys: [] }), fc.option(fc.tuple(nasty, anyJson), { nil: undefined }))
    .map(([record, extra]) => (extra === undefined ? record : { ...record, [extra[0]]: extra[1] }))
/** Body text that is not one JSON value, or is one but deep, or tries to pollute a prototype. */
export const malformedText = fc.oneof(
  fc.string({ unit: binaryUnit, maxLength: 200 }),
  fc.nat(5000).map((depth) => '['.repeat(depth + 40) + ']'.repeat(depth + 40)),
  fc.nat(3000).map((depth) => '{"a":'.repeat(depth + 40) + '1' + '}'.repeat(depth + 40)),
  fc.constantFrom(
    '{"credits":',
    '\u0000{}',
    '{"a":1}{"b":2}',
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    'NaN',
    "{'a':1}",
    '\uFEFF{}',
  ),
)
/** A path segment as a client might send it: encoded, or raw and path-like. */
export const segment = fc.oneof(
  nasty.map(encodeURIComponent),
  fc.constantFrom('..', '.', '%2e%2e', 'a%2Fb', '%E0%A4%A', 'key-a%00', '%F0%9F%8E%B5', 'x'.repeat(5000)),
)

export interface Raw {
  status: number
  type: string | null
  text: string
  json: any
}

/** Sends exactly this request to `origin` (in-process origins are answered by msw's interceptor). */
export async function call(origin: string, method: string, path: string, options: { body?: string; headers?: Record<string, string> } = {}): Promise<Raw> {
  const response = await fetch(origin + path, { method, headers: options.headers, body: options.body })
  const text = await response.text()
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  return { status: response.status, type: response.headers.get('content-type'), text, json }
}

/** Never a 5xx; every error is JSON `{code, message}` with `code` the status. */
export function expectSound(reply: Raw, what: string): void {
  expect(reply.status, `${what}: ${reply.text.slice(0, 300)}`).toBeLessThan(500)
  if (reply.status < 400) return
  expect(reply.type, what).toMatch(/^application\/json/)
  expect(Object.keys(reply.json ?? {}).sort(), `${what}: ${reply.text.slice(0, 300)}`).toEqual(['code', 'message'])
  expect(reply.json.code, what).toBe(reply.status)
  expect(typeof reply.json.message, what).toBe('string')
}

/** Accounts, tasks, clock and counters as JSON text: equal text, equal state. */
export const snapshot = (mock: MockCore): string => JSON.stringify({ ...snapshotWorld(mock.world, new Date(0)), journal: undefined })

/** The ledger invariant of DESIGN.md holds for every account. */
export function expectLedgers(mock: MockCore): void {
  for (const account of mock.world.accounts.values()) expect(ledgerViolations(account.ledger), account.apiKey).toEqual([])
}

/** No prototype of a built-in gained a property. */
export function expectNoPollution(): void {
  expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(OBJECT_PROTOTYPE)
  expect(Object.getOwnPropertyNames(Array.prototype).length).toBe(ARRAY_PROTOTYPE)
}
const OBJECT_PROTOTYPE = Object.getOwnPropertyNames(Object.prototype).sort()
const ARRAY_PROTOTYPE = Object.getOwnPropertyNames(Array.prototype).length
