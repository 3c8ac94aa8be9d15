/**
 * Secrets out of recorded text: every key seen becomes its placeholder, every other secret
 * `<redacted>`. An upstream may echo a key in a message ("key sk-… was revoked"), a scenario's
 * fault message may name one; neither may reach a written file, in any spelling: JSON bodies are
 * scrubbed on their decoded strings, and every text in every spelling the fake recognises
 * (domain/key-spellings.ts: escaped in JSON, %-encoded, HTML entities, any case, hex, base64 at
 * any alignment, so inside `user:KEY` or a JWT payload too).
 */

import { exceedsDepth } from '../api/json-depth.js'
import { replaceKey } from '../domain/key-spellings.js'

/** JSON nested deeper is scrubbed as text: scrubDeep recurses. */
export const MAX_SCRUB_DEPTH = 1_000

/** Shorter keys and secrets are not scrubbed from texts (replacing "ab" everywhere would garble them). */
export const MIN_SECRET_LENGTH = 4
export const REDACTED = '<redacted>'

/** A function replacing each secret, in each of its spellings, by its replacement, longest first (a secret inside a longer one must not split it). */
export function scrubber(pairs: Iterable<readonly [string, string]>): (text: string) => string {
  const sorted = [...pairs].filter(([secret]) => secret.length >= MIN_SECRET_LENGTH).sort((a, b) => b[0].length - a[0].length)
  return (text) => {
    let scrubbed = text
    for (const [secret, replacement] of sorted) scrubbed = replaceKey(scrubbed, secret, replacement)
    return scrubbed
  }
}

/** Every string in a JSON-like value, keys of mappings included, scrubbed. */
export function scrubDeep(value: unknown, scrub: (text: string) => string): unknown {
  if (typeof value === 'string') return scrub(value)
  if (Array.isArray(value)) return value.map((entry) => scrubDeep(entry, scrub))
  if (typeof value !== 'object' || value === null) return value
  const out: Record<string, unknown> = {}
  for (const [key, entry] of Object.entries(value)) {
    Object.defineProperty(out, scrub(key), { value: scrubDeep(entry, scrub), enumerable: true, writable: true, configurable: true })
  }
  return out
}

/** A JSON text scrubbed on its decoded strings (any escaping); a text that is not JSON, on the secrets' spellings. */
export function scrubJsonText(text: string, scrub: (text: string) => string): string {
  // Too deep to walk safely: scrubbed as text (its escapes decoded where they hide a secret).
  if (exceedsDepth(text, MAX_SCRUB_DEPTH)) return scrub(text)
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return scrub(text)
  }
  return JSON.stringify(scrubDeep(parsed, scrub))
}
