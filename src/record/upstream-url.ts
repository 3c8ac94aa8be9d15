/**
 * The `--upstream` URL: where requests go, how it may be shown (never its credentials or
 * query), and the Basic credentials a `user:pass@` part stands for (fetch refuses URLs with
 * credentials, so they travel as an Authorization header instead, and are never written).
 */

export interface Upstream {
  /** Base URL without credentials, query or fragment; paths are appended to it. */
  base: string
  /** What logs and the written file may say: the base URL, credentials removed. */
  shown: string
  /** `Basic …` from the URL's credentials, or null. */
  authorization: string | null
  /** The URL's user, password and their Basic token: never to be written, also when the upstream echoes them. */
  secrets: string[]
}

export function parseUpstream(text: string): Upstream | { error: string } {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return { error: `--upstream expects an http(s) URL, got a value that is not a URL` }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { error: `--upstream expects an http(s) URL, got a ${url.protocol} URL` }
  const user = decodeURIComponent(url.username)
  const password = decodeURIComponent(url.password)
  const authorization = user === '' && password === '' ? null : `Basic ${btoa(String.fromCharCode(...new TextEncoder().encode(`${user}:${password}`)))}`
  const base = `${url.origin}${url.pathname.replace(/\/+$/, '')}`
  const hadCredentials = authorization !== null
  const secrets = authorization === null ? [] : [user, password, authorization].filter((secret) => secret !== '')
  return { base, shown: hadCredentials ? `${base} (credentials removed)` : base, authorization, secrets }
}
