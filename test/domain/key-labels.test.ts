/** Key labels (issue 39): unique among the keys in play, never the whole key, never changed once given. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { KeyLabels } from '../../src/domain/key-labels.js'
import { keyMasks, maskKey } from '../../src/domain/mask.js'

const numbered = (count: number, prefix = 'key-') => Array.from({ length: count }, (_, index) => `${prefix}${String(index + 1).padStart(2, '0')}`)

describe('keyMasks', () => {
  it('starts with maskKey and grows by a character, the start first, hiding at least a third', () => {
    expect(keyMasks('key-01')).toEqual(['ke…1', 'key…1', 'ke…01'])
    expect(keyMasks('demo-key')).toEqual(['demo…key'])
    expect(keyMasks('sk-live-4f9a8c2e').slice(0, 3)).toEqual(['sk-l…8c2e', 'sk-li…8c2e', 'sk-l…a8c2e'])
    for (const key of ['x', 'ab', 'key-1', 'sk-live-4f9a8c2e', 'a'.repeat(256)]) expect(keyMasks(key)[0]).toBe(maskKey(key))
  })
})

describe('KeyLabels', () => {
  it('labels a scenario’s key-01…key-50 together: ke…01…ke…50', () => {
    const labels = new KeyLabels(numbered(50))
    expect(numbered(50).map((key) => labels.label(key))).toEqual(numbered(50).map((key) => `ke…${key.slice(-2)}`))
  })

  it('keeps the short mask where nothing collides', () => {
    const labels = new KeyLabels(['demo-key', 'broke-key'])
    expect([labels.label('demo-key'), labels.label('broke-key'), labels.label(null)]).toEqual(['demo…key', 'brok…key', '(no key)'])
  })

  it('numbers keys that no mask hiding a third of them tells apart', () => {
    const labels = new KeyLabels(['abcYef', 'abcXef'])
    expect([labels.label('abcXef'), labels.label('abcYef')]).toEqual(['ab…ef', 'ab…ef~2'])
    expect(labels.keyOf('ab…ef~2')).toBe('abcYef')
    // A key seen later takes the shortest mask free, here one the two above left.
    expect(labels.label('abcZef')).toBe('ab…f')
  })

  it('gives any keys, together or one by one, labels that each name one key, hide part of it and never change', () => {
    const key = fc.oneof(
      fc.stringMatching(/^[a-c]{1,3}-?[0-9]{1,3}$/),
      fc.string({ minLength: 1, maxLength: 30, unit: fc.constantFrom('a', 'b', '-', '1', '2', '🔑') }),
    )
    fc.assert(
      fc.property(fc.uniqueArray(key, { maxLength: 40 }), fc.uniqueArray(key, { maxLength: 40 }), (first, later) => {
        const labels = new KeyLabels(first)
        const given = new Map(first.map((k) => [k, labels.label(k)]))
        for (const k of later) given.set(k, labels.label(k))
        expect(new Set(given.values()).size).toBe(given.size)
        for (const [k, label] of given) {
          expect(labels.keyOf(label)).toBe(k)
          expect(labels.label(k)).toBe(label)
          if ([...k].length >= 3) expect(label.replace('…', '').replace(/~\d+$/, '')).not.toBe(k)
        }
      }),
    )
  })

  it('forgets keys out of play and gives their labels again', () => {
    const labels = new KeyLabels(['key-1'])
    labels.label('kez-1')
    labels.retain((key) => key === 'key-1')
    expect(labels.size).toBe(1)
    expect(labels.keyOf('kez…1')).toBeUndefined()
    expect(labels.label('kez-1')).toBe('kez…1')
  })
})
