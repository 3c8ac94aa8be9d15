/** Finding a key in every spelling (domain/key-spellings.ts): where, how much, and what it leaves alone. */
import { describe, expect, it } from 'vitest'
import { keySpans, replaceKey } from '../../src/domain/key-spellings.js'
import { keySpellings, revealing } from '../support/key-spellings.js'

const KEY = 'sk/live/ÄÖ-9f8e+x'

describe('key spellings', () => {
  it.each(Object.entries(keySpellings(KEY)))('finds %s and replaces all of it', (_name, spelled) => {
    const text = `before ${spelled} after`
    const replaced = replaceKey(text, KEY, '<key>')
    expect(revealing(replaced, KEY)).toEqual([])
    expect(replaced.startsWith('before ')).toBe(true)
    expect(replaced.endsWith(' after')).toBe(true)
  })

  it('maps a match in the decoded text back to the characters it came from', () => {
    const text = 'a \\u0073k%2Flive&sol;%C3%84&#xD6;-9F8E%2bx b'
    expect(keySpans(text, KEY)).toEqual([[2, text.length - 2]])
    expect(replaceKey(text, KEY, '#')).toBe('a # b')
  })

  it('leaves text without the key as it is, and short encodings unsearched', () => {
    const text = 'plain text with %41 escapes &amp; \\n and base64 aGVsbG8='
    expect(replaceKey(text, KEY, '#')).toBe(text)
    // "abcd" in base64 is 5 characters of core: too short to search, it would match text by chance.
    expect(keySpans('YWJjZA and 61626364', 'abcd')).toEqual([[11, 19]])
  })

  it('with a limit, cuts the masked text there, keeping whole a replacement the cut falls in', () => {
    const text = `${'x'.repeat(10)}${keySpellings(KEY)['fully %-encoded']!}${'y'.repeat(50)}`
    expect(replaceKey(text, KEY, '#', 12)).toBe(`${'x'.repeat(10)}#y`)
    expect(replaceKey(text, KEY, '<key>', 12)).toBe(`${'x'.repeat(10)}<key>`)
    expect(replaceKey(text, KEY, '#', 5)).toBe('xxxxx')
    expect(replaceKey('short', KEY, '#', 100)).toBe('short')
  })

  it('with a limit, never shows part of a spelling however many come before it', () => {
    // 300 keys %-encoded (three characters each for one) shrink to 300 masks: the text shown
    // reaches far past the first window searched, and the key after them is masked too.
    const spelled = keySpellings(KEY)['fully %-encoded']!
    const text = `${`${spelled} `.repeat(300)}${spelled}${'z'.repeat(10_000)}`
    const shown = replaceKey(text, KEY, '#', 800)
    expect(shown).toBe(`${'# '.repeat(300)}#${'z'.repeat(199)}`)
  })

  it('finds the key beside a % or & that stands for nothing, and one escaped after them', () => {
    // `100%` and `R&B` start no escape: the text is searched as it is, every spelling found where it is.
    const key = 'bench-key'
    const plain = `{"progress":"100%","genre":"R&B","key":"${key}","hex":"62656E63682D6B6579","b64":"YmVuY2gta2V5"}`
    const at = (needle: string): [number, number] => [plain.indexOf(needle), plain.indexOf(needle) + needle.length]
    expect(keySpans(plain, key)).toEqual([at(key), at('62656E63682D6B6579'), at('YmVuY2gta2V5')])
    // The same with the key's hyphen %-encoded at the end: decoded, and mapped back.
    const escaped = `${plain} bench%2Dkey`
    expect(keySpans(escaped, key)).toEqual([at(key), at('62656E63682D6B6579'), at('YmVuY2gta2V5'), [plain.length + 1, escaped.length]])
  })

  it('maps a key at the end of 1 MiB of escapes to where it is (one pass, any length)', () => {
    const lead = '&amp;%41\\n'.repeat(100_000)
    const text = `${lead}${keySpellings(KEY)['JSON \\u-escaped']!}!`
    expect(keySpans(text, KEY)).toEqual([[lead.length, text.length - 1]])
  })
})
