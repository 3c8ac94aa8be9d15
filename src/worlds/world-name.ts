/**
 * A world's name: what follows `/worlds/` in its base URL. 1 to 64 characters of
 * `A-Z a-z 0-9 . _ -`, and not `.` or `..` (a URL parser would fold those path segments away).
 * A wrong name is answered with what was wrong and where, never echoed at length.
 */

export const WORLD_NAME_MAX = 64
const ALLOWED = /^[A-Za-z0-9._-]$/
const RULE = `1-${WORLD_NAME_MAX} characters of A-Z a-z 0-9 . _ -`

export type NameCheck = { ok: true; value: string } | { ok: false; error: string }

/** The name as a message shows it: quoted, cut after WORLD_NAME_MAX characters. */
export function quoteName(name: string): string {
  const shown = [...name].slice(0, WORLD_NAME_MAX).join('')
  return JSON.stringify(shown) + (shown.length < name.length ? '…' : '')
}

/** The name itself, or a message saying what is wrong with it. */
export function checkWorldName(name: unknown): NameCheck {
  if (typeof name !== 'string') return { ok: false, error: `World name must be a string of ${RULE}, got ${name === null ? 'null' : typeof name}` }
  if (name === '') return { ok: false, error: `World name is empty: it must be ${RULE}` }
  const characters = [...name]
  if (characters.length > WORLD_NAME_MAX) {
    return { ok: false, error: `World name ${quoteName(name)} is too long: ${characters.length} characters, at most ${WORLD_NAME_MAX}` }
  }
  const bad = characters.findIndex((character) => !ALLOWED.test(character))
  if (bad !== -1) {
    const character = characters[bad]!
    const code = `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`
    return {
      ok: false,
      error: `World name ${quoteName(name)} has ${JSON.stringify(character)} (${code}) at character ${bad + 1}: it must be ${RULE}`,
    }
  }
  if (name === '.' || name === '..') return { ok: false, error: `World name ${quoteName(name)} is not allowed: a URL folds it away; use other characters too` }
  return { ok: true, value: name }
}
