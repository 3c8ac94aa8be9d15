/**
 * An API key in the spellings clients, proxies and upstreams write it in (issue 40), and an
 * attacker's reading of a text: every token decoded every way the spellings are made, to find
 * the key in any of them. The journal, the inspector, logs and `record` must show none.
 */

const hex = (bytes: Uint8Array, upper = false): string => {
  const text = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')
  return upper ? text.toUpperCase() : text
}
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text)
const base64 = (text: string): string => Buffer.from(text).toString('base64')
const base64url = (text: string): string => Buffer.from(text).toString('base64url')

/** The key spelled every way issue 40 found in clear, by name; `json` forms are raw JSON-string contents. */
export function keySpellings(key: string): Record<string, string> {
  const units = [...key].map((char) => char.charCodeAt(0).toString(16).padStart(4, '0'))
  return {
    plain: key,
    'JSON \\/-escaped': key.replaceAll('/', '\\/'),
    'JSON \\u-escaped': units.map((unit) => `\\u${unit}`).join(''),
    'JSON \\u-escaped, upper-case hex': units.map((unit) => `\\u${unit.toUpperCase()}`).join(''),
    'JSON escapes mixed': `\\u${units[0]}${key.slice(1).replaceAll('/', '\\/')}`,
    'lower-case %2f': key.replaceAll('/', '%2f'),
    'fully %-encoded': [...utf8(key)].map((byte) => `%${byte.toString(16).padStart(2, '0').toUpperCase()}`).join(''),
    'fully %-encoded, lower case': [...utf8(key)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join(''),
    'HTML decimal entities': [...key].map((char) => `&#${char.codePointAt(0)};`).join(''),
    'HTML hex entities': [...key].map((char) => `&#x${char.codePointAt(0)!.toString(16)};`).join(''),
    'HTML named &sol;': key.replaceAll('/', '&sol;'),
    'upper case': key.toUpperCase(),
    hex: hex(utf8(key)),
    'hex, upper case': hex(utf8(key), true),
    base64: base64(key),
    'base64 of user:KEY (Basic auth)': base64(`user:${key}`),
    'base64 of a:KEY': base64(`a:${key}`),
    // The key 29 bytes into the payload: its base64 is not aligned on the payload's.
    'JWT payload': `eyJhbGciOiJIUzI1NiJ9.${base64url(JSON.stringify({ sub: 'client-1', api_key: key }))}.c2lnbmF0dXJl`,
  }
}

function decodings(token: string): string[] {
  const out = [token, token.toLowerCase()]
  const attempt = (decode: () => string): void => {
    try {
      out.push(decode())
    } catch {
      // not this encoding
    }
  }
  attempt(() => decodeURIComponent(token))
  attempt(() => JSON.parse(`"${token}"`) as string)
  out.push(
    token
      .replace(/&#x([0-9a-f]+);?/gi, (_, code: string) => String.fromCodePoint(Number.parseInt(code, 16)))
      .replace(/&#(\d+);?/g, (_, code: string) => String.fromCodePoint(Number(code)))
      .replaceAll('&sol;', '/'),
  )
  for (const part of token.split('.')) {
    attempt(() => Buffer.from(part, 'base64').toString('utf8'))
    attempt(() => Buffer.from(part, 'base64url').toString('utf8'))
  }
  if (/^[0-9a-f]+$/i.test(token) && token.length % 2 === 0) attempt(() => Buffer.from(token, 'hex').toString('utf8'))
  return out
}

/** The tokens of `text` (split on spaces, quotes and `:`) that spell `key` in some decoding, and the text itself if it does whole. */
export function revealing(text: string, key: string): string[] {
  const lower = key.toLowerCase()
  const tokens = [text, ...text.split(/[\s"':,{}]+/).filter((token) => token !== '')]
  return tokens.filter((token) => decodings(token).some((decoded) => decoded.includes(key) || decoded.toLowerCase().includes(lower)))
}
