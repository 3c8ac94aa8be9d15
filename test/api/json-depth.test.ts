/** The nesting check that runs on every create body before it is parsed. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { exceedsDepth } from '../../src/api/json-depth.js'

/** The reference: a scan that tracks strings and escapes and counts the depth as it goes. */
function reference(text: string, limit: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (inString) {
      if (ch === '\\') i++
      else if (ch === '"') inString = false
    } else if (ch === '"') inString = true
    else if (ch === '{' || ch === '[') {
      if (++depth > limit) return true
    } else if (ch === '}' || ch === ']') depth--
  }
  return false
}

describe('exceedsDepth', () => {
  it('allows exactly the limit and refuses one more, for objects and arrays alike', () => {
    expect(exceedsDepth('['.repeat(32) + ']'.repeat(32), 32)).toBe(false)
    expect(exceedsDepth('['.repeat(33) + ']'.repeat(33), 32)).toBe(true)
    expect(exceedsDepth('{"a":'.repeat(33) + '1' + '}'.repeat(33), 32)).toBe(true)
    expect(exceedsDepth('[{"a":[{}]}]', 3)).toBe(true)
    expect(exceedsDepth('[{"a":[{}]}]', 4)).toBe(false)
  })

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(exceedsDepth(`{"prompt":"${'[{'.repeat(100)}"}`, 32)).toBe(false)
    expect(exceedsDepth(`{"prompt":"say \\"${'['.repeat(40)}\\" twice"}`, 32)).toBe(false)
    expect(exceedsDepth(`["\\\\",${'['.repeat(40)}${']'.repeat(40)}]`, 32)).toBe(true)
  })

  it('agrees with a full scan on any text made of brackets, quotes, backslashes and letters', () => {
    const text = fc.array(fc.constantFrom('{', '}', '[', ']', '"', '\\', 'a', ','), { maxLength: 200 }).map((parts) => parts.join(''))
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 40 }), (body, limit) => exceedsDepth(body, limit) === reference(body, limit)),
      { numRuns: 3000 },
    )
  })
})
