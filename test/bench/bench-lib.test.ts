/** The bench's own arithmetic and request bodies: a wrong median or body size would skew every figure. */
import { describe, expect, it } from 'vitest'
import { createBody } from '../../bench/lib/requests.js'
import { floorsBetweenResets, floorsFlat, median, slope } from '../../bench/lib/stats.js'

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

describe('the mixed soak\'s memory rule', () => {
  /** RSS every second over 300 s, reset every 30 s: climbs `climb` MB a second between resets, each floor `leak` MB above the last. */
  const sawtooth = (climb: number, leak: number): Array<[number, number]> =>
    Array.from({ length: 300 }, (_, t) => [t + 0.5, 150 + leak * Math.floor(t / 30) + climb * (t % 30)] as [number, number])

  it('takes the lowest sample between each pair of resets', () => {
    expect(floorsBetweenResets([[0.5, 9], [1.5, 7], [2.5, 8], [3.5, 20], [4.5, 4], [6.2, 50]], 3, 6)).toEqual([7, 4])
    expect(floorsBetweenResets([[0.5, 9], [6.5, 5], [9.1, 1]], 3, 9)).toEqual([9, Number.NaN, 5])
  })

  it('leaves out what comes after the run and the stretch it ended in: a sample or two is no floor', () => {
    const run: Array<[number, number]> = Array.from({ length: 300 }, (_, t) => [t + 0.5, 150 + (t % 30)])
    run.push([300.9, 100])
    expect(floorsBetweenResets(run, 30, 300)).toEqual(new Array(10).fill(150))
    expect(floorsBetweenResets(run, 30, 290)).toEqual(new Array(9).fill(150))
  })

  it('passes a sawtooth whose floors stay put, however high its teeth', () => {
    expect(floorsFlat(floorsBetweenResets(sawtooth(8, 0), 30, 300))).toEqual({ early: 150, late: 150, flat: true })
  })

  it('fails memory kept across resets, down to 3 MB a reset', () => {
    expect(floorsFlat(floorsBetweenResets(sawtooth(8, 6), 30, 300))).toEqual({ early: 162, late: 198, flat: false })
    expect(floorsFlat(floorsBetweenResets(sawtooth(8, 3), 30, 300)).flat).toBe(false)
    // 1 MB a reset (9 MB over the run) is inside the 5% the rule allows on a 150 MB floor.
    expect(floorsFlat(floorsBetweenResets(sawtooth(8, 1), 30, 300)).flat).toBe(true)
  })

  it('does not pass a run too short to show a trend', () => {
    expect(floorsFlat([100, 100, 100]).flat).toBe(false)
    expect(floorsFlat([100, 100, 100, 100]).flat).toBe(true)
  })
})

describe('bench request bodies', () => {
  it.each([['', 400], ['#12345', 400], ['a longer tag that pushes the prompt past the size', 400], ['', 1000]])('tag %j makes a valid body of %d bytes', (tag, bytes) => {
    const body = createBody(bytes, tag)
    expect(Buffer.byteLength(body)).toBe(bytes)
    expect(JSON.parse(body)).toMatchObject({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: expect.any(String) } })
  })
})
