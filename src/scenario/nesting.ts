/**
 * How deeply a scenario nests, bounded twice: on the text, before the YAML parser (whose cost
 * grows faster than the depth: a million `[` took it seconds and a gigabyte), and on the value
 * it produced, where aliases can stack one node inside another. Neither walk recurses.
 */
import { CST, Lexer } from 'yaml'

/** Mappings and lists nest at most this deep; a scenario needs about ten. */
export const MAX_DEPTH = 64

/** Tokens the lexer adds that are not in the text (document mode, scalar and flow-error markers). */
const SYNTHETIC = new Set(['\x02', '\x1f', '\x18'])

interface Level {
  indent: number
  /** Collections enclosing the lines at this indentation. */
  outer: number
}

/**
 * The offset of the first token that opens a collection deeper than `limit`, or null. An
 * estimate from the lexer's tokens, never below the depth by more than one: block levels from
 * indentation and the `-`, `?`, `:` indicators of each line, flow levels from the brackets. The
 * lexer is lazy, so a hostile document costs only the tokens up to the first level too deep.
 */
export function tooDeepOffset(text: string, limit = MAX_DEPTH): number | null {
  const levels: Level[] = []
  let offset = 0
  let flow = 0
  let outer = 0 // collections enclosing the current line's content
  let indicators = 0 // block indicators on the current line so far
  let lineStart = true
  let indent = 0
  let blockScalar = false // after `|` or `>`: the next scalar is its lines, ending with a line break
  let scalarNext: 'inline' | 'block' | null = null
  for (const token of new Lexer().lex(text)) {
    const at = offset
    if (!SYNTHETIC.has(token)) offset += token.length
    if (scalarNext !== null) {
      // The text of a scalar, which may span lines: no structure inside.
      if (scalarNext === 'block') [lineStart, indent] = [true, 0]
      scalarNext = null
      continue
    }
    const type = CST.tokenType(token)
    if (type === 'scalar' && blockScalar) {
      ;[blockScalar, scalarNext] = [false, 'block']
      continue
    }
    if (type === 'block-scalar-header') blockScalar = true
    if (flow === 0 && (type === 'newline' || type === 'doc-start' || type === 'doc-mode')) {
      if (type !== 'newline') levels.length = 0
      lineStart = true
      indent = 0
      continue
    }
    if (type === 'space' || type === 'comment' || type === 'newline' || type === 'byte-order-mark') {
      if (lineStart && type === 'space') indent = token.length - token.trimStart().length
      continue
    }
    if (lineStart && flow === 0) {
      // The line's first content: its indentation says which collections enclose it.
      const previous = outer + indicators
      while (levels.length > 0 && levels[levels.length - 1]!.indent > indent) levels.pop()
      const same = levels[levels.length - 1]
      if (same !== undefined && same.indent === indent) outer = same.outer
      else {
        outer = levels.length === 0 ? 0 : previous
        levels.push({ indent, outer })
      }
      indicators = 0
    }
    lineStart = false
    if (type === 'scalar') scalarNext = 'inline'
    else if (type === 'flow-seq-start' || type === 'flow-map-start') flow += 1
    else if (type === 'flow-seq-end' || type === 'flow-map-end') flow = Math.max(0, flow - 1)
    else if (flow === 0 && (type === 'seq-item-ind' || type === 'explicit-key-ind' || type === 'map-value-ind')) indicators += 1
    else continue
    if (outer + indicators + flow > limit) return at
  }
  return null
}

/**
 * The path to the first collection in `value` nested deeper than `limit`, or null. Iterative, and
 * a cycle is simply too deep. A node shared by several parents is walked again only when reached
 * deeper than before, so shared nodes cannot make the walk exponential.
 */
export function tooDeepPath(value: unknown, limit = MAX_DEPTH): PropertyKey[] | null {
  interface Entry {
    value: unknown
    depth: number
    key: PropertyKey
    parent: Entry | null
  }
  const seen = new Map<object, number>()
  const stack: Entry[] = [{ value, depth: 1, key: '', parent: null }]
  for (let entry = stack.pop(); entry !== undefined; entry = stack.pop()) {
    const node = entry.value
    if (typeof node !== 'object' || node === null) continue
    if (entry.depth > limit) return pathOf(entry)
    if ((seen.get(node) ?? 0) >= entry.depth) continue
    seen.set(node, entry.depth)
    const children: Array<[PropertyKey, unknown]> = Array.isArray(node) ? node.map((child, index) => [index, child]) : Object.entries(node)
    for (let i = children.length - 1; i >= 0; i--) {
      const [key, child] = children[i]!
      if (typeof child === 'object' && child !== null) stack.push({ value: child, depth: entry.depth + 1, key, parent: entry })
    }
  }
  return null

  function pathOf(entry: Entry): PropertyKey[] {
    const path: PropertyKey[] = []
    for (let at: Entry | null = entry; at?.parent != null; at = at.parent) path.unshift(at.key)
    return path
  }
}
