/**
 * API keys as the journal and the client report show them: enough of the start and end to tell
 * keys apart, never the whole key (reports end up in CI logs, and a client configured with a real
 * key that talks to the fake sends that key). Which mask a key gets among others: key-labels.ts.
 */

const SURROGATE = /[\uD800-\uDFFF]/

/** Characters shown at the start and at the end of a key of `n` characters. */
const head = (n: number): number => (n >= 8 ? 4 : n >= 5 ? 2 : 1)
const tail = (n: number): number => (n >= 12 ? 4 : n >= 8 ? 3 : n >= 3 ? 1 : 0)

/** A key's characters (not UTF-16 units): a key without surrogates, the usual one, is sliced as it is. */
function charsOf(apiKey: string): { n: number; slice(start: number, end?: number): string } {
  if (!SURROGATE.test(apiKey)) return { n: apiKey.length, slice: (start, end) => apiKey.slice(start, end) }
  const chars = [...apiKey]
  return { n: chars.length, slice: (start, end) => chars.slice(start, end).join('') }
}

/** `demo-key` → `demo…key`, `demo-key-2` → `demo…y-2`, `sk-live-4f9a8c2e` → `sk-l…8c2e`; null → `(no key)`. */
export function maskKey(apiKey: string | null): string {
  if (apiKey === null || apiKey === '') return '(no key)'
  const { n, slice } = charsOf(apiKey)
  return `${slice(0, head(n))}…${slice(n - tail(n))}`
}

/**
 * The masks a key may be shown with, shortest first: `maskKey`'s, then ones that show more of
 * its start or end (the start first at each length), for when two keys in play would share a
 * mask. Each hides at least a third of a key of 3 characters or more (and at least one).
 */
export function keyMasks(apiKey: string): string[] {
  const { n, slice } = charsOf(apiKey)
  const [h0, t0] = [head(n), tail(n)]
  const most = Math.max(h0 + t0, n - Math.max(1, Math.floor(n / 3)))
  const masks: string[] = []
  for (let shown = h0 + t0; shown <= most; shown++) {
    for (let h = h0 + (shown - h0 - t0); h >= h0; h--) masks.push(`${slice(0, h)}…${slice(n - (shown - h))}`)
  }
  return masks
}
