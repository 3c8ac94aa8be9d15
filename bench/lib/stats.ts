/** Small statistics and formatting helpers for the bench report. */

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

export function max(values: readonly number[]): number {
  return values.reduce((a, b) => Math.max(a, b), Number.NEGATIVE_INFINITY)
}

/** Least-squares slope of y over x (units of y per unit of x). */
export function slope(points: ReadonlyArray<readonly [number, number]>): number {
  const n = points.length
  if (n < 2) return 0
  const mx = points.reduce((sum, [x]) => sum + x, 0) / n
  const my = points.reduce((sum, [, y]) => sum + y, 0) / n
  let num = 0
  let den = 0
  for (const [x, y] of points) {
    num += (x - mx) * (y - my)
    den += (x - mx) ** 2
  }
  return den === 0 ? 0 : num / den
}

export const fixed = (value: number, digits = 0): string => (Number.isFinite(value) ? value.toFixed(digits) : '–')

/** `12 345` style thousands, for req/s. */
export const thousands = (value: number): string =>
  Number.isFinite(value) ? Math.round(value).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ' ') : '–'

export const ratio = (value: number): string => (Number.isFinite(value) ? `${value.toFixed(2)}×` : '–')

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))
