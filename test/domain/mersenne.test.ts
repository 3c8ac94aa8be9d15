import { generateMersenne53Randomizer } from '@faker-js/faker'
import { describe, expect, it } from 'vitest'
import { mersenneRandomizer } from '../../src/domain/mersenne.js'
import { createRng } from '../../src/domain/random.js'

const ours = mersenneRandomizer()
const fakers = generateMersenne53Randomizer()

/** The index of the first draw where the two randomizers differ after `seed`, or -1. */
function firstDifference(seed: number | number[], draws: number): number {
  ours.seed(seed)
  fakers.seed(seed)
  for (let k = 0; k < draws; k++) if (ours.next() !== fakers.next()) return k
  return -1
}

describe('mersenneRandomizer', () => {
  const rng = createRng(31)
  const u32 = () => rng.int(0, 2 ** 32 - 1)

  it("gives faker's sequence for 3,000 number seeds", () => {
    const differing = Array.from({ length: 3000 }, u32).filter((seed) => firstDifference(seed, 40) !== -1)
    expect(differing).toEqual([])
  })

  it("gives faker's sequence for 2,000 array seeds of 1 to 8 words", () => {
    const seeds = Array.from({ length: 2000 }, (_, i) => Array.from({ length: 1 + (i % 8) }, u32))
    expect(seeds.filter((seed) => firstDifference(seed, 40) !== -1)).toEqual([])
  })

  it('keeps in step through several 624-word rounds', () => {
    // 1,000 draws take 2,000 words: three rounds of the twist and part of a fourth.
    for (const seed of [0, 1, 5489, 2 ** 32 - 1, [1, 2, 3], Array.from({ length: 700 }, (_, i) => i * 7919)]) {
      expect(firstDifference(seed, 1000)).toBe(-1)
    }
  })

  it('reads odd seeds through 32-bit operations as faker does', () => {
    const odd = [-1, -7.25, 1.5, 2 ** 32, 2 ** 32 + 5, 2 ** 53 - 1, Number.NaN, Number.POSITIVE_INFINITY, [], [42, 13.37], [-1, 2 ** 40, 0.5]]
    expect(odd.filter((seed) => firstDifference(seed, 40) !== -1)).toEqual([])
  })

  it('gives the same sequence when reseeded after any number of draws', () => {
    const randomizer = mersenneRandomizer()
    randomizer.seed(9)
    const first = Array.from({ length: 400 }, () => randomizer.next())
    randomizer.seed(9)
    expect(Array.from({ length: 400 }, () => randomizer.next())).toEqual(first)
  })
})
