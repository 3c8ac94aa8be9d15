/**
 * Seeded randomness. Everything random in the fake (ids, outputs, weighted choices,
 * fault probabilities) comes from a generator derived from the scenario seed and
 * a stable key, so the same scenario and requests give the same bytes.
 */

/** A 53-bit hash of `text` (cyrb53). Stable across runs and platforms. */
export function hash53(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed
  let h2 = 0x41c6ce57 ^ seed
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    h1 = Math.imul(h1 ^ ch, 2654435761)
    h2 = Math.imul(h2 ^ ch, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return 4294967296 * (2097151 & h2) + (h1 >>> 0)
}

/** A seed for one purpose, derived from the scenario seed and the parts that identify it. */
export function deriveSeed(seed: number, ...parts: ReadonlyArray<string | number>): number {
  return hash53(parts.join('\u0000'), seed >>> 0) % 4294967296
}

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number
  /** Integer in [min, max]. */
  int(min: number, max: number): number
  /** A version-4 UUID made of generator output. */
  uuid(): string
}

/** sfc32, seeded through splitmix32: fast, small state, good enough statistics for a fake. */
export function createRng(seed: number): Rng {
  let s = seed >>> 0
  const split = (): number => {
    s = (s + 0x9e3779b9) | 0
    let z = s
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b)
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35)
    return (z ^ (z >>> 16)) >>> 0
  }
  let a = split()
  let b = split()
  let c = split()
  let d = split()
  const u32 = (): number => {
    const t = (((a + b) | 0) + d) | 0
    d = (d + 1) | 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) | 0
    c = (c << 21) | (c >>> 11)
    c = (c + t) | 0
    return t >>> 0
  }
  const hex8 = (): string => u32().toString(16).padStart(8, '0')
  return {
    next: () => u32() / 4294967296,
    int: (min, max) => min + Math.floor((u32() / 4294967296) * (max - min + 1)),
    uuid: () => {
      const h = hex8() + hex8() + hex8() + hex8()
      const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16)
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`
    },
  }
}
