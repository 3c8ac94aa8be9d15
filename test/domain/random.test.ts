import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createRng, deriveSeed, hash53 } from '../../src/domain/random.js'
import { formatDuration, parseDuration } from '../../src/domain/duration.js'

describe('random', () => {
  it('repeats itself for the same seed and differs for another', () => {
    const a = createRng(5)
    const b = createRng(5)
    const draws = Array.from({ length: 5 }, () => a.next())
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(draws)
    expect(createRng(6).next()).not.toBe(draws[0])
  })

  it('makes version-4 UUIDs', () => {
    const rng = createRng(1)
    for (let i = 0; i < 100; i++) expect(rng.uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  })

  it('keeps its ids: the same seed gives the same UUIDs as every earlier release', () => {
    const three = (seed: number) => {
      const rng = createRng(seed)
      return [rng.uuid(), rng.uuid(), rng.uuid()]
    }
    expect(three(1)).toEqual(['230b44e2-dc77-4a3d-9678-a37cd2bfdfe6', '13ac06c3-7eb7-4cb3-8254-45955ca21916', 'd6605008-1107-4cd4-aad4-8689b0a3fee8'])
    expect(three(42)).toEqual(['e91d07ed-5d48-4d49-8868-4bd4e225a9c1', '75b82c3b-5722-489d-970c-507c83add2bc', '12ed8eff-8cab-4102-960b-7eb8a717595a'])
    expect(three(4294967295)).toEqual(['9d154fed-dc93-4efc-9197-4a1d7379bbc9', 'f602caaf-bfcb-4c9e-8682-e3ae40e6fdb1', '864730d8-b403-47d7-a88c-182643e3c095'])
  })

  it('formats a UUID as the 32 hex digits of four draws with version and variant bits set', () => {
    // The reference: the draws as hex text, cut and patched. next() is a draw over 2^32, so the draw comes back exactly.
    const reference = (seed: number): string => {
      const rng = createRng(seed)
      const h = Array.from({ length: 4 }, () => (rng.next() * 4294967296).toString(16).padStart(8, '0')).join('')
      const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16)
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`
    }
    fc.assert(
      fc.property(fc.nat({ max: 4294967295 }), (seed) => createRng(seed).uuid() === reference(seed)),
      { numRuns: 2000 },
    )
  })

  it('derives seeds from their parts, not from the order of calls', () => {
    expect(deriveSeed(1, 'key', 3)).toBe(deriveSeed(1, 'key', 3))
    expect(deriveSeed(1, 'key', 3)).not.toBe(deriveSeed(1, 'key', 4))
    expect(deriveSeed(1, 'ke', 'y3')).not.toBe(deriveSeed(1, 'key', 3))
    expect(hash53('abc')).toBe(hash53('abc'))
  })

  it('draws uniformly enough for weighted choices', () => {
    const rng = createRng(99)
    const buckets = [0, 0, 0, 0]
    for (let i = 0; i < 40_000; i++) buckets[Math.floor(rng.next() * 4)]! += 1
    for (const count of buckets) expect(Math.abs(count - 10_000)).toBeLessThan(400)
  })
})

describe('durations', () => {
  it.each([
    ['150ms', 150],
    ['5s', 5_000],
    ['10m', 600_000],
    ['1h', 3_600_000],
    ['1m30s', 90_000],
    ['1.5s', 1_500],
  ])('%s is %d ms', (text, ms) => {
    expect(parseDuration(text)).toBe(ms)
  })

  it.each(['', '5', '5 sec', 's', '-1s', '5s garbage'])('rejects %j', (text) => {
    expect(parseDuration(text)).toBeNull()
  })

  it('formats back', () => {
    expect(formatDuration(90_000)).toBe('1m30s')
    expect(formatDuration(3_600_150)).toBe('1h150ms')
  })
})
