/**
 * API keys as the journal and the client report show them: enough of the start and end to tell
 * keys apart, never the whole key (reports end up in CI logs, and a client configured with a real
 * key that talks to the fake sends that key).
 */

/** `demo-key` → `demo…key`, `demo-key-2` → `demo…y-2`, `sk-live-4f9a8c2e` → `sk-l…8c2e`; null → `(no key)`. */
export function maskKey(apiKey: string | null): string {
  if (apiKey === null || apiKey === '') return '(no key)'
  const chars = [...apiKey]
  const n = chars.length
  const [head, tail] = n >= 12 ? [4, 4] : n >= 8 ? [4, 3] : n >= 5 ? [2, 1] : n >= 3 ? [1, 1] : [1, 0]
  return `${chars.slice(0, head).join('')}…${chars.slice(n - tail).join('')}`
}
