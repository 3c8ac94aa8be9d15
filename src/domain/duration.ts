/** Durations as scenario files and the admin API write them: `150ms`, `5s`, `10m`, `1h`, or a combination such as `1m30s`. */

/** Durations (timeouts, steps) are at most 10 years, so an instant plus one stays a valid date (clock.ts). */
export const MAX_DURATION_MS = 87_600 * 3_600_000

const UNIT_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 } as const
const PART = /(\d+(?:\.\d+)?)(ms|s|m|h)/y

/** Milliseconds, or null when `text` is not a duration. */
export function parseDuration(text: string): number | null {
  const source = text.trim()
  if (source === '') return null
  PART.lastIndex = 0
  let total = 0
  while (PART.lastIndex < source.length) {
    const start = PART.lastIndex
    const part = PART.exec(source)
    if (part === null || part.index !== start) return null
    total += Number(part[1]) * UNIT_MS[part[2] as keyof typeof UNIT_MS]
  }
  return Number.isFinite(total) ? Math.round(total) : null
}

/** The shortest exact spelling of `ms`, e.g. 90_000 → `1m30s`. */
export function formatDuration(ms: number): string {
  if (ms === 0) return '0s'
  let rest = ms
  let text = ''
  for (const [unit, size] of [
    ['h', 3_600_000],
    ['m', 60_000],
    ['s', 1_000],
    ['ms', 1],
  ] as const) {
    const count = Math.floor(rest / size)
    if (count > 0) {
      text += `${count}${unit}`
      rest -= count * size
    }
  }
  return text
}
