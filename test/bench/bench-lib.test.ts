/** The bench's own arithmetic and request bodies: a wrong median or body size would skew every figure. */
import { describe, expect, it } from 'vitest'
import { createBody } from '../../bench/lib/requests.js'
import { median, slope } from '../../bench/lib/stats.js'

describe('bench statistics', () => {
  it.each([
    [[3], 3],
    [[5, 1, 3], 3],
    [[4, 1, 3, 2], 2.5],
    [[], Number.NaN],
  ])('median of %j is %d', (values, expected) => {
    expect(median(values)).toBe(expected)
  })

  it('gives the least-squares slope', () => {
    expect(slope([[0, 1], [1, 3], [2, 5]])).toBe(2)
    expect(slope([[0, 7], [10, 7]])).toBe(0)
    expect(slope([[1, 1]])).toBe(0)
  })
})

describe('bench request bodies', () => {
  it.each([['', 400], ['#12345', 400], ['a longer tag that pushes the prompt past the size', 400], ['', 1000]])('tag %j makes a valid body of %d bytes', (tag, bytes) => {
    const body = createBody(bytes, tag)
    expect(Buffer.byteLength(body)).toBe(bytes)
    expect(JSON.parse(body)).toMatchObject({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: expect.any(String) } })
  })
})
