/**
 * A Mersenne Twister (MT19937) randomizer for a private faker instance, giving the exact
 * sequences of faker's own default randomizer (number seeds through init_genrand, array seeds
 * through init_by_array, 53-bit floats from two 32-bit words), so outputs keep their bytes.
 *
 * What it does differently is only how the work is done (decision 031): the state lives in one
 * reused `Uint32Array` instead of a fresh 624-entry array per seed, and the twist that turns the
 * seeded state into the first 624 words is done lazily, a few words ahead of what is drawn.
 * A task's output draws about 60 to 300 words, so most of the 624-word twist faker does on every
 * seed is never needed. The twist runs in index order, in place, as the eager one does, so each
 * word sees the same neighbours (old above it, already twisted below it) and comes out the same.
 *
 * No Node built-ins: this runs in the browser entry too.
 */

/** The shape faker accepts as `randomizer` (its `Randomizer` interface). */
export interface Randomizer {
  /** Uniform in [0, 1), 53 bits. */
  next(): number
  seed(seed: number | number[]): void
}

const N = 624
const M = 397
const MATRIX_A = 0x9908b0df
const UPPER = 0x80000000
const LOWER = 0x7fffffff
/** How many words one lazy twist step makes ready. */
const AHEAD = 16

/**
 * A randomizer with faker's sequences for every seed, seeded with `seed` to start with.
 * Closures, not a class: faker calls `next` detached from its object.
 */
export function mersenneRandomizer(seed: number | number[] = 5489): Randomizer {
  const mt = new Uint32Array(N)
  /** The next word to draw in the current round. */
  let index = 0
  /** Words [0, ready) of the current round are twisted; the rest still hold the previous round. */
  let ready = 0

  /** Twists words [ready, end) in place, in index order. */
  const twist = (end: number): void => {
    let k = ready
    for (; k < end && k < N - M; k++) {
      const y = (mt[k]! & UPPER) | (mt[k + 1]! & LOWER)
      mt[k] = mt[k + M]! ^ (y >>> 1) ^ (-(y & 1) & MATRIX_A)
    }
    for (; k < end && k < N - 1; k++) {
      const y = (mt[k]! & UPPER) | (mt[k + 1]! & LOWER)
      mt[k] = mt[k + M - N]! ^ (y >>> 1) ^ (-(y & 1) & MATRIX_A)
    }
    if (k === N - 1 && end === N) {
      const y = (mt[N - 1]! & UPPER) | (mt[0]! & LOWER)
      mt[N - 1] = mt[M - 1]! ^ (y >>> 1) ^ (-(y & 1) & MATRIX_A)
      k = N
    }
    ready = k
  }

  const u32 = (): number => {
    if (index >= ready) {
      if (index === N) {
        index = 0
        ready = 0
      }
      twist(Math.min(N, ready + AHEAD))
    }
    let y = mt[index++]!
    y ^= y >>> 11
    y ^= (y << 7) & 0x9d2c5680
    y ^= (y << 15) & 0xefc60000
    y ^= y >>> 18
    return y >>> 0
  }

  /**
   * The state for a number seed (init_genrand). The seed is stored as is and read through 32-bit
   * operations, as faker does, so any number (negative, fractional, beyond 2^32) gives faker's state.
   */
  const initGenrand = (value: number): void => {
    mt[0] = value
    let previous = mt[0]
    for (let i = 1; i < N; i++) {
      previous = (Math.imul(1812433253, previous ^ (previous >>> 30)) + i) >>> 0
      mt[i] = previous
    }
  }

  /** The state for an array seed (init_by_array), with faker's arithmetic on the key's numbers. */
  const initByArray = (key: readonly number[]): void => {
    initGenrand(19650218)
    let i = 1
    let j = 0
    for (let k = Math.max(N, key.length); k !== 0; k--) {
      const previous = mt[i - 1]! ^ (mt[i - 1]! >>> 30)
      mt[i] = Math.trunc((mt[i]! ^ Math.imul(previous, 1664525)) + key[j]! + j)
      i++
      j++
      if (i >= N) {
        mt[0] = mt[N - 1]!
        i = 1
      }
      if (j >= key.length) j = 0
    }
    for (let k = N - 1; k !== 0; k--) {
      const previous = mt[i - 1]! ^ (mt[i - 1]! >>> 30)
      mt[i] = Math.trunc((mt[i]! ^ Math.imul(previous, 1566083941)) - i)
      i++
      if (i >= N) {
        mt[0] = mt[N - 1]!
        i = 1
      }
    }
    mt[0] = UPPER
  }

  const randomizer: Randomizer = {
    next: () => {
      const high = u32() >>> 5
      const low = u32() >>> 6
      return (high * 67108864 + low) * 2 ** -53
    },
    seed: (value) => {
      if (typeof value === 'number') initGenrand(value)
      else initByArray(value)
      index = 0
      ready = 0
    },
  }
  randomizer.seed(seed)
  return randomizer
}
