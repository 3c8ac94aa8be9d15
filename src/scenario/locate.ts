/** Where in a YAML document a path points: the line and column a mistake is reported at. */
import { isAlias, isMap, isScalar, isSeq, type Document, type LineCounter, type Node } from 'yaml'

export interface Position {
  /** 1-based. */
  line: number
  /** 1-based. */
  col: number
}

/**
 * The position of the value at `path` (or of its key, with `at: 'key'`). When the path does not
 * exist, as for a missing key, the nearest enclosing node that does: the parent mapping.
 */
export function locate(doc: Document, lines: LineCounter, path: readonly PropertyKey[], at: 'key' | 'value'): Position {
  let node: unknown = doc.contents
  let offset = start(node) ?? 0
  for (const [index, segment] of path.entries()) {
    if (isMap(node)) {
      const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === String(segment))
      if (pair === undefined) break
      const keyOffset = start(pair.key)
      if (index === path.length - 1 && at === 'key' && keyOffset !== undefined) return lines.linePos(keyOffset)
      node = pair.value
      offset = start(node) ?? keyOffset ?? offset
    } else if (isSeq(node) && typeof segment === 'number') {
      node = node.items[segment]
      if (node === undefined) break
      offset = start(node) ?? offset
    } else {
      break
    }
    if (isAlias(node)) break
  }
  return lines.linePos(offset)
}

function start(node: unknown): number | undefined {
  if (node === null || typeof node !== 'object' || !('range' in node)) return undefined
  const range = (node as Node).range
  return Array.isArray(range) ? range[0] : undefined
}
