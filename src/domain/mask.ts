/**
 * API keys as the journal and the client report show them: enough of the start and end to tell
 * keys apart, never the whole key (reports end up in CI logs, and a client configured with a real
 * key that talks to the fake sends that key).
 */

const SURROGATE = /[\uD800-\uDFFF]/

/** Characters shown at the start and at the end of a key of `n` characters. */
const head = (n: number): number => (n >= 8 ? 4 : n >= 5 ? 2 : 1)
const tail = (n: number): number => (n >= 12 ? 4 : n >= 8 ? 3 : n >= 3 ? 1 : 0)

/** `demo-key` → `demo…key`, `demo-key-2` → `demo…y-2`, `sk-live-4f9a8c2e` → `sk-l…8c2e`; null → `(no key)`. */
export function maskKey(apiKey: string | null): string {
  if (apiKey === null || apiKey === '') return '(no key)'
  // Cut between characters, not UTF-16 units; a key without surrogates (the usual one, and every
  // journal entry masks its key) is sliced as it is, without an array of its characters.
  if (SURROGATE.test(apiKey)) {
    const chars = [...apiKey]
    const n = chars.length
    return `${chars.slice(0, head(n)).join('')}…${chars.slice(n - tail(n)).join('')}`
  }
  const n = apiKey.length
  return `${apiKey.slice(0, head(n))}…${apiKey.slice(n - tail(n))}`
}
