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
