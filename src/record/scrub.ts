/**
 * Secrets out of recorded text: every key seen becomes its placeholder, every other secret
 * `<redacted>`. An upstream may echo a key in a message ("key sk-… was revoked"), a scenario's
 * fault message may name one; neither may reach a written file, in any spelling: JSON bodies are
 * scrubbed on their decoded strings (so `sk\/live`, `\u0073k` or any other JSON escaping is the
 * key), and text that is not JSON on the key's usual encodings (JSON- and `\u`-escaped, URL- and
 * base64-encoded) and on its JSON escapes decoded.
 */

import { exceedsDepth } from '../api/json-depth.js'

/** JSON nested deeper is scrubbed as text: scrubDeep recurses. */
export const MAX_SCRUB_DEPTH = 1_000

/** Shorter keys and secrets are not scrubbed from texts (replacing "ab" everywhere would garble them). */
export const MIN_SECRET_LENGTH = 4
export const REDACTED = '<redacted>'

/** Every UTF-16 unit as `\uXXXX`, hex digits in one case. */
function unicodeEscaped(text: string, upper: boolean): string {
  let out = ''
  for (let index = 0; index < text.length; index++) {
    const hex = text.charCodeAt(index).toString(16).padStart(4, '0')
    out += `\\u${upper ? hex.toUpperCase() : hex}`
  }
  return out
}

function base64(text: string): string {
  let binary = ''
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/** The spellings a secret may take in a text: as is, escaped in JSON or `\u`, URL- and base64-encoded. */
export function spellings(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1)
  const b64 = base64(secret)
  const forms = [
    secret,
    json,
    json.replaceAll('/', '\\/'),
    unicodeEscaped(secret, false),
    unicodeEscaped(secret, true),
    encodeURIComponent(secret),
    b64,
    b64.replace(/=+$/, ''),
    b64.replace(/=+$/, '').replaceAll('+', '-').replaceAll('/', '_'),
  ]
  return [...new Set(forms)]
}

/** JSON's string escapes (`\/`, `\uXXXX`, `\n`…) decoded where they appear in a text that is not JSON. */
export function decodeEscapes(text: string): string {
  if (!text.includes('\\')) return text
  const simple: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' }
  return text.replace(/\\(u[0-9a-fA-F]{4}|["\\/bfnrt])/g, (_, escape: string) =>
    escape.length === 5 ? String.fromCharCode(Number.parseInt(escape.slice(1), 16)) : simple[escape]!,
  )
}

/** A function replacing each secret, in each of its spellings, by its replacement, longest first (a secret inside a longer one must not split it). */
export function scrubber(pairs: Iterable<readonly [string, string]>): (text: string) => string {
  const spelled: Array<[string, string]> = []
  for (const [secret, replacement] of pairs) {
    if (secret.length < MIN_SECRET_LENGTH) continue
    for (const form of spellings(secret)) spelled.push([form, replacement])
  }
  const sorted = spelled.sort((a, b) => b[0].length - a[0].length)
  const replace = (text: string): string => {
    let scrubbed = text
    for (const [secret, replacement] of sorted) if (scrubbed.includes(secret)) scrubbed = scrubbed.split(secret).join(replacement)
    return scrubbed
  }
  return (text) => {
    const scrubbed = replace(text)
    // Escapes mixed within one secret ("\u0073k\/live"): decoded, the text holds the secret as is.
    const decoded = decodeEscapes(scrubbed)
    return decoded !== scrubbed && replace(decoded) !== decoded ? replace(decoded) : scrubbed
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
