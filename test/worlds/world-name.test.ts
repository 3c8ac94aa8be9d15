/** World names: 1-64 characters of A-Z a-z 0-9 . _ -, and every refusal says what and where. */
import { describe, expect, it } from 'vitest'
import { checkWorldName, quoteName, WORLD_NAME_MAX } from '../../src/worlds/world-name.js'

describe('checkWorldName', () => {
  it.each(['a', 'worker-1', 'vitest.pool_3', 'A'.repeat(WORLD_NAME_MAX), '...', '-', '0'])('takes %j', (name) => {
    expect(checkWorldName(name)).toEqual({ ok: true, value: name })
  })

  it.each([
    ['', 'World name is empty: it must be 1-64 characters of A-Z a-z 0-9 . _ -'],
    ['a b', 'World name "a b" has " " (U+0020) at character 2: it must be 1-64 characters of A-Z a-z 0-9 . _ -'],
    ['w/1', 'World name "w/1" has "/" (U+002F) at character 2: it must be 1-64 characters of A-Z a-z 0-9 . _ -'],
    ['é', 'World name "é" has "é" (U+00E9) at character 1: it must be 1-64 characters of A-Z a-z 0-9 . _ -'],
    ['ok%2F', 'World name "ok%2F" has "%" (U+0025) at character 3: it must be 1-64 characters of A-Z a-z 0-9 . _ -'],
    ['.', 'World name "." is not allowed: a URL folds it away; use other characters too'],
    ['..', 'World name ".." is not allowed: a URL folds it away; use other characters too'],
  ])('refuses %j', (name, message) => {
    expect(checkWorldName(name)).toEqual({ ok: false, error: message })
  })

  it('refuses a name one character too long, and shows at most 64 characters of any name', () => {
    const long = 'x'.repeat(WORLD_NAME_MAX + 1)
    expect(checkWorldName(long)).toEqual({ ok: false, error: `World name "${'x'.repeat(64)}"… is too long: 65 characters, at most 64` })
    const huge = checkWorldName('y'.repeat(1_000_000))
    expect(!huge.ok && huge.error.length).toBeLessThan(200)
  })

  it('refuses what is not a string', () => {
    expect(checkWorldName(7)).toEqual({ ok: false, error: 'World name must be a string of 1-64 characters of A-Z a-z 0-9 . _ -, got number' })
    expect(checkWorldName(null)).toMatchObject({ ok: false, error: expect.stringContaining('got null') })
  })

  it('quotes a name whole when short and cut when long', () => {
    expect(quoteName('w"1')).toBe('"w\\"1"')
    expect(quoteName('z'.repeat(70))).toBe(`"${'z'.repeat(64)}"…`)
  })
})
