/**
 * How deeply a JSON text nests, measured on the text itself (no recursion, no parse), so a
 * hostile body such as 100,000 nested arrays is refused before anything walks it recursively.
 */
export function exceedsDepth(text: string, limit: number): boolean {
  // Nesting deeper than `limit` needs more than `limit` opening brackets somewhere in the text:
  // counting them (string contents included) with indexOf settles every ordinary body at once.
  if (openers(text, 0x7b, limit) + openers(text, 0x5b, limit) <= limit) return false
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    if (inString) {
      if (ch === 0x5c)
        i++ // backslash: skip the escaped character
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

/** How often `code` occurs in `text`, counted up to `limit + 1`. */
function openers(text: string, code: number, limit: number): number {
  const char = String.fromCharCode(code)
  let count = 0
  for (let at = text.indexOf(char); at !== -1 && count <= limit; at = text.indexOf(char, at + 1)) count++
  return count
}

/** Bodies nesting deeper than this are refused (the spec's inputs are flat objects). */
export const MAX_JSON_DEPTH = 32
