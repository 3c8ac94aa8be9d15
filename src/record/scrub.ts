/**
 * Secrets out of recorded text: every key seen becomes its placeholder, every other secret
 * `<redacted>`. An upstream may echo a key in a message ("key sk-… was revoked"), a scenario's
 * fault message may name one; neither may reach a written file.
 */

/** Shorter keys and secrets are not scrubbed from texts (replacing "ab" everywhere would garble them). */
export const MIN_SECRET_LENGTH = 4
export const REDACTED = '<redacted>'

/** A function replacing each secret by its replacement, longest first (a secret inside a longer one must not split it). */
export function scrubber(pairs: Iterable<readonly [string, string]>): (text: string) => string {
  const sorted = [...pairs].filter(([secret]) => secret.length >= MIN_SECRET_LENGTH).sort((a, b) => b[0].length - a[0].length)
  return (text) => {
    let scrubbed = text
    for (const [secret, replacement] of sorted) if (scrubbed.includes(secret)) scrubbed = scrubbed.split(secret).join(replacement)
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
