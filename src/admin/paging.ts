/**
 * Paging of the admin lists (`GET /__admin/tasks`, `GET /__admin/accounts`; decision 015): one
 * answer never holds more than MAX_PAGE items (200,000 tasks made one answer of 114 MiB). Over
 * HTTP `limit` defaults to DEFAULT_PAGE; in-process lists answer every item unless a `limit` is
 * given, since nothing is serialised there. `X-Total-Count` and `Link: <next>; rel="next"` tell
 * an HTTP client what remains.
 */
export const DEFAULT_PAGE = 100
export const MAX_PAGE = 1000

export interface Page<T> {
  items: T[]
  /** Items that match the filters, across every page. */
  total: number
  offset: number
  /** The page size asked for; null: every item from `offset` on (in-process only). */
  limit: number | null
}

/** The slice of `matching` (counted as it is walked) that the page holds, built lazily: views are made only for the page. */
export function pageOf<S, T>(matching: Iterable<S>, request: { limit?: number | undefined; offset?: number | undefined }, view: (item: S) => T): Page<T> {
  const offset = request.offset ?? 0
  const limit = request.limit ?? null
  const end = limit === null ? Number.POSITIVE_INFINITY : offset + limit
  const items: T[] = []
  let total = 0
  for (const item of matching) {
    if (total >= offset && total < end) items.push(view(item))
    total += 1
  }
  return { items, total, offset, limit }
}

/** The headers of a page over HTTP: the total, and a link to the next page when items remain. */
export function pageHeaders(page: Page<unknown>, requestUrl: string): Record<string, string> {
  const headers: Record<string, string> = { 'x-total-count': String(page.total) }
  const next = page.offset + page.items.length
  if (page.limit !== null && page.items.length > 0 && next < page.total) {
    const url = new URL(requestUrl)
    url.searchParams.set('offset', String(next))
    url.searchParams.set('limit', String(page.limit))
    headers['link'] = `<${url.href}>; rel="next"`
  }
  return headers
}
