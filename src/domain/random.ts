import { sha256 } from '@noble/hashes/sha2.js'

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

/** What identifies one task id: the same inputs always give the same id (decision 012). */
export interface TaskIdInputs {
  seed: number
  apiKey: string
  /** The task's position among its account's tasks (1-based). */
  ordinal: number
  /** How many times this key's account was removed or reset in this world. */
  incarnation: number
  /** The boot epoch of a `--state` world: how many starts restored it before this one. */
  epoch: number
  /** 0, or how many candidates were already taken (only a reused ordinal can take one). */
  attempt: number
  /** A named world of a server: its name, and how many worlds the server had removed when it was made (decision 058). */
  realm?: WorldRealm
}

/** Which named world, of which making, a task belongs to: none for the default world (and a fake in-process). */
export interface WorldRealm {
  readonly name: string
  readonly generation: number
}

const UTF8 = new TextEncoder()

/**
 * A version-4-shaped UUID from SHA-256 of the inputs: 122 bits of hash, so ids of different
 * inputs do not collide (a 32-bit seed made two keys share ids, and one key repeat its own
 * after ~2^16 tasks). The parts that are usually 0 are left out when they are, so a world
 * without resets and restarts gives the ids it gave with them left out.
 */
export function taskId(inputs: TaskIdInputs): string {
  const { seed, apiKey, ordinal, incarnation, epoch, attempt, realm } = inputs
  const parts: Array<string | number> = ['task-id', seed >>> 0, apiKey, ordinal]
  if (incarnation !== 0 || epoch !== 0 || attempt !== 0) parts.push(incarnation, epoch, attempt)
  if (realm !== undefined) parts.push('world', realm.name, realm.generation)
  const bytes = sha256(UTF8.encode(JSON.stringify(parts)))
  bytes[6] = (bytes[6]! & 0x0f) | 0x40
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  let hex = ''
  for (let i = 0; i < 16; i++) hex += HEX[bytes[i]!]!
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
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
  return {
    next: () => u32() / 4294967296,
    int: (min, max) => min + Math.floor((u32() / 4294967296) * (max - min + 1)),
    uuid: () => {
      // Four words of output as 32 hex digits, the version nibble set to 4 and the variant's top
      // bits to 10: xxxxxxxx-xxxx-4xxx-[89ab]xxx-xxxxxxxxxxxx.
      const w0 = u32()
      const w1 = u32()
      const w2 = u32()
      const w3 = u32()
      return (
        HEX[w0 >>> 24]! +
        HEX[(w0 >>> 16) & 0xff]! +
        HEX[(w0 >>> 8) & 0xff]! +
        HEX[w0 & 0xff]! +
        '-' +
        HEX[w1 >>> 24]! +
        HEX[(w1 >>> 16) & 0xff]! +
        '-4' +
        HEX[(w1 >>> 8) & 0xf]![1]! +
        HEX[w1 & 0xff]! +
        '-' +
        HEX[((w2 >>> 24) & 0x3f) | 0x80]! +
        HEX[(w2 >>> 16) & 0xff]! +
        '-' +
        HEX[(w2 >>> 8) & 0xff]! +
        HEX[w2 & 0xff]! +
        HEX[w3 >>> 24]! +
        HEX[(w3 >>> 16) & 0xff]! +
        HEX[(w3 >>> 8) & 0xff]! +
        HEX[w3 & 0xff]!
      )
    },
  }
}

/** Two hex digits for each byte. */
const HEX: readonly string[] = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'))
