/**
 * A fake's base URL for the in-process doors (`createMock({ baseUrl })`): an origin, optionally
 * with a path prefix (`https://api.example.test/audio`). A request is the fake's when its URL is
 * under it; its path is then what follows the prefix.
 */
export interface Base {
  /** The base without a trailing slash: where the fake's own URLs start. */
  readonly href: string
  /** The path of `url` below the base, or null when `url` is not under it. */
  pathOf(url: URL): string | null
}

export function splitBase(baseUrl: string): Base {
  let parsed: URL
  try {
    parsed = new URL(baseUrl)
  } catch {
    throw new TypeError(`baseUrl ${JSON.stringify(baseUrl)} is not an absolute URL like https://audio.example.test`)
  }
  if (parsed.search !== '' || parsed.hash !== '') throw new TypeError(`baseUrl ${JSON.stringify(baseUrl)} must not have a query or fragment`)
  const prefix = parsed.pathname.replace(/\/+$/, '')
  const { origin } = parsed
  return {
    href: origin + prefix,
    pathOf(url) {
      if (url.origin !== origin) return null
      if (prefix === '') return url.pathname
      const { pathname } = url
      if (pathname === prefix) return '/'
      return pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length) : null
    },
  }
}
