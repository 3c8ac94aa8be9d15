/**
 * How deeply a JSON text nests, measured on the text itself (no recursion, no parse), so a
 * hostile body such as 100,000 nested arrays is refused before anything walks it recursively.
 */
export function exceedsDepth(text: string, limit: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    if (inString) {
      if (ch === 0x5c) i++ // backslash: skip the escaped character
      else if (ch === 0x22) inString = false
    } else if (ch === 0x22) {
      inString = true
    } else if (ch === 0x7b || ch === 0x5b) {
      if (++depth > limit) return true
    } else if (ch === 0x7d || ch === 0x5d) {
      depth--
    }
  }
  return false
}

/** Bodies nesting deeper than this are refused (the spec's inputs are flat objects). */
export const MAX_JSON_DEPTH = 32
