/**
 * Keys that name JavaScript prototypes (`__proto__`, `constructor`, `prototype`) are refused
 * anywhere in a scenario: copied into an object they are dropped (a rule testing
 * `input.__proto__` would test nothing and match every task) or reach a prototype.
 */
import type { Issue } from './messages.js'

export const RESERVED_KEYS: readonly string[] = ['__proto__', 'constructor', 'prototype']

/** One issue per reserved key in `raw`, at the key. Call it on a value whose depth is bounded (nesting.ts). */
export function reservedKeyIssues(raw: unknown): Issue[] {
  const found: Issue[] = []
  const stack: Array<{ value: unknown; path: PropertyKey[] }> = [{ value: raw, path: [] }]
  const seen = new Set<object>()
  for (let entry = stack.pop(); entry !== undefined; entry = stack.pop()) {
    const { value, path } = entry
    if (typeof value !== 'object' || value === null || seen.has(value)) continue
    seen.add(value)
    const children: Array<[PropertyKey, unknown]> = Array.isArray(value) ? value.map((child, index) => [index, child]) : Object.entries(value)
    for (const [key, child] of children) {
      if (typeof key === 'string' && !Array.isArray(value) && RESERVED_KEYS.includes(key)) {
        const message = `the key ${JSON.stringify(key)} is not allowed (it names a JavaScript prototype, so it would be dropped or do harm)`
        found.push({ path: [...path, key], message, at: 'key' })
      } else {
        stack.push({ value: child, path: [...path, key] })
      }
    }
  }
  return found
}
