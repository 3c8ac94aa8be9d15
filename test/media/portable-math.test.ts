import { describe, expect, it } from 'vitest'
import { SEMITONE_RATIOS, sineTable } from '../../src/media/portable-math.js'

describe('portable math', () => {
  it('gives the semitone ratios 2 ** (n / 12) to within one unit in the last place', () => {
    expect(SEMITONE_RATIOS).toHaveLength(22)
    SEMITONE_RATIOS.forEach((ratio, n) => expect(Math.abs(ratio - 2 ** (n / 12))).toBeLessThanOrEqual(Number.EPSILON * 4))
    expect(SEMITONE_RATIOS[12]).toBe(2)
  })

  it('gives a sine table equal to Math.sin at float32 precision', () => {
    const table = sineTable(4096)
    let worst = 0
    for (let i = 0; i < 4096; i++) worst = Math.max(worst, Math.abs(table[i]! - Math.sin((2 * Math.PI * i) / 4096)))
    expect(worst).toBeLessThan(1e-7)
    expect([table[0], table[1024], table[2048], table[3072]]).toEqual([0, 1, 0, -1])
  })

  it('refuses a size that does not split into quarters', () => {
    expect(() => sineTable(10)).toThrow('sineTable: size must be a multiple of 4, got 10')
  })
})
