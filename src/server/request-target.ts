/**
 * A request line's target as a path and a query, read as the URL parser reads a path (so every
 * door sees the same path for the same request): dot segments resolved, characters the URL
 * standard escapes escaped. `//api/v1/task` is the path `//api/v1/task`, never a URL whose host is
 * `api`. A plain target (the usual case) is taken as it is, without building a URL.
 */

/** Characters the URL parser keeps as they are in a path (an escape may spell a dot segment: `%2e`). */
const PLAIN_PATH = /^\/[A-Za-z0-9_~!$&'()*+,;=:@./-]*$/
/** A `.` or `..` segment, which the URL parser resolves. */
const DOT_SEGMENT = /\/\.\.?(?:\/|$)/
/** Characters the URL parser keeps as they are in a query (it escapes `"`, `'`, `<`, `>`, spaces and controls). */
const PLAIN_QUERY = /^[\x21\x24-\x26\x28-\x3b\x3d\x3f-\x7e]*$/

export interface Target {
  /** Starts with `/`. */
  path: string
  /** With its `?`, or empty. */
  search: string
}

const WORLDS = '/worlds/'
/** A segment the URL parser reads as `.` or `..` (also %-encoded). */
const DOT_NAME = /^(?:\.|%2e){1,2}$/i

function parsed(origin: string, target: string): Target | null {
  const query = target.indexOf('?')
  const path = query === -1 ? target : target.slice(0, query)
  const search = query === -1 ? '' : target.slice(query)
  if (PLAIN_PATH.test(path) && !DOT_SEGMENT.test(path) && PLAIN_QUERY.test(search)) return { path, search: search === '?' ? '' : search }
  try {
    const url = new URL(origin + target)
    return { path: url.pathname, search: url.search }
  } catch {
    return null
  }
}

/**
 * `target` read against `origin`; null when it is not a path at all (an absolute or `*` form).
 * Under `/worlds/{name}` the world is picked first (issue 40): a name `.` or `..` stays as sent
 * (the dispatch refuses it: it would fold into the default world), and the rest's dot segments
 * resolve inside that world, as the default world's do inside the server.
 */
export function requestTarget(origin: string, target: string): Target | null {
  if (!target.startsWith('/')) return null
  if (!target.startsWith(WORLDS)) return parsed(origin, target)
  const end = target.slice(WORLDS.length).search(/[/?]/)
  const name = end === -1 ? target.slice(WORLDS.length) : target.slice(WORLDS.length, WORLDS.length + end)
  const rest = end === -1 ? '' : target.slice(WORLDS.length + end)
  if (DOT_NAME.test(name)) {
    const query = rest.indexOf('?')
    return { path: WORLDS + name + (query === -1 ? rest : rest.slice(0, query)), search: query === -1 ? '' : rest.slice(query) }
  }
  const within = parsed(origin, rest.startsWith('/') ? rest : `/${rest}`)
  if (within === null) return null
  const path = rest === '' || rest.startsWith('?') ? '' : within.path
  return { path: WORLDS + name + path, search: within.search }
}
