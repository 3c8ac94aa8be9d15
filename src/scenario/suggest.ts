/** "Did you mean …?" suggestions for misspelt keys, statuses and timeline names. */

/** Edit distance between `a` and `b`: insertions, deletions, substitutions and swaps of neighbours. */
export function levenshtein(a: string, b: string): number {
  const width = b.length + 1
  const d = new Array<number>((a.length + 1) * width).fill(0)
  const at = (i: number, j: number): number => d[i * width + j] ?? 0
  for (let i = 0; i <= a.length; i++) d[i * width] = i
  for (let j = 0; j <= b.length; j++) d[j] = j
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let distance = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost)
      const swapped = i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]
      if (swapped) distance = Math.min(distance, at(i - 2, j - 2) + 1)
      d[i * width + j] = distance
    }
  }
  return at(a.length, b.length)
}

/** The candidate closest to `word`, if it is close enough to be a likely typo. */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  const budget = Math.max(1, Math.floor(word.length / 3))
  let best: string | undefined
  let bestDistance = budget + 1
  for (const candidate of candidates) {
    const distance = levenshtein(word.toLowerCase(), candidate.toLowerCase())
    if (distance < bestDistance) {
      best = candidate
      bestDistance = distance
    }
  }
  return best
}

/** `; did you mean "x"?`, or when nothing is close, `; LABEL "a", "b"` (nothing without candidates). */
export function suggestion(word: string, candidates: readonly string[], label = 'expected one of'): string {
  const near = closest(word, candidates)
  if (near !== undefined) return `; did you mean ${JSON.stringify(near)}?`
  if (candidates.length === 0) return ''
  return `; ${label} ${quoteList(candidates)}`
}

/** `"a", "b", "c"` */
export function quoteList(words: readonly string[]): string {
  return words.map((word) => JSON.stringify(word)).join(', ')
}
