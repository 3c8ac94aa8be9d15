/**
 * What the page shows, as its address: a link to it opens the same view (issue 39).
 *
 *     /__inspector/?world=NAME#TAB[/ID][?FILTERS]
 *
 * `#requests/123` one request, opened; `#requests?status=5xx&key=ke…01` the journal filtered;
 * `#tasks/ID` a task; `#credits/ke…01` an account; `#report/poll_too_fast?key=ke…01` a rule's
 * violations of one key; `#faults/fault-0` (`rule-2`) a fault's (rule's) counters; `#scenario/12`
 * a line of the scenario; `?world=NAME` a named world.
 * Keys appear as their labels, never whole, and the admin token never: the page takes it from
 * `#token=` once and removes it (admin-client.ts), and an address made here leaves it out.
 */

export const TABS = ['tasks', 'credits', 'requests', 'report', 'faults', 'scenario', 'runs'] as const
export type Tab = (typeof TABS)[number]

export interface View {
  tab: Tab
  /** The one thing shown: a request's number, a task's id, an account's label, a rule, a fault's counters, a line. */
  id: string | null
  /** Filters, by name (empty values left out). */
  params: Record<string, string>
}

/** Never written into an address, nor read from one as a filter. */
const SECRET = new Set(['token'])

function decoded(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/** `#requests/12?status=5xx` → `{ tab: 'requests', id: '12', params: { status: '5xx' } }`; anything unknown opens the tasks. */
export function parseView(hash: string): View {
  const text = hash.startsWith('#') ? hash.slice(1) : hash
  const query = text.indexOf('?')
  const path = query === -1 ? text : text.slice(0, query)
  const slash = path.indexOf('/')
  const name = slash === -1 ? path : path.slice(0, slash)
  const tab = (TABS as readonly string[]).includes(name) ? (name as Tab) : 'tasks'
  const id = slash === -1 || tab !== name ? null : decoded(path.slice(slash + 1)) || null
  const params: Record<string, string> = {}
  for (const [key, value] of new URLSearchParams(query === -1 ? '' : text.slice(query + 1))) if (value !== '' && !SECRET.has(key)) params[key] = value
  return { tab, id, params }
}

/** The address fragment of a view, filters in a fixed order (the order given). */
export function viewHash(view: View): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(view.params)) if (value !== '' && !SECRET.has(key)) params.set(key, value)
  const query = params.toString()
  return `#${view.tab}${view.id === null ? '' : `/${encodeURIComponent(view.id)}`}${query === '' ? '' : `?${query}`}`
}
