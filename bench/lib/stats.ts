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

/**
 * The lowest sample of each stretch between resets (stretch k: from k·every to (k+1)·every
 * seconds): what a reset gives back, without the climb that the work between resets causes.
 * Only the whole stretches of a run of `seconds` count: samples taken after it (the server
 * sampled once more after the load stopped) or in a stretch it ended in make no floor.
 */
export function floorsBetweenResets(samples: ReadonlyArray<readonly [number, number]>, every: number, seconds: number): number[] {
  const floors: number[] = new Array<number>(Math.floor(seconds / every)).fill(Number.POSITIVE_INFINITY)
  for (const [t, value] of samples) {
    const k = Math.floor(t / every)
    if (k < floors.length) floors[k] = Math.min(floors[k]!, value)
  }
  return floors.map((floor) => (floor === Number.POSITIVE_INFINITY ? Number.NaN : floor))
}

/**
 * Memory kept across resets does not grow: the median floor of the last third of the stretches
 * is within 5% of that of the first third (the first stretch, start-up and warm-up, left out).
 * Needs at least three stretches after the first; fewer cannot show a trend and do not pass.
 */
export function floorsFlat(floors: readonly number[]): { early: number; late: number; flat: boolean } {
  const judged = floors.slice(1).filter((floor) => Number.isFinite(floor))
  if (judged.length < 3) return { early: Number.NaN, late: Number.NaN, flat: false }
  const third = Math.floor(judged.length / 3)
  const early = median(judged.slice(0, third))
  const late = median(judged.slice(judged.length - third))
  return { early, late, flat: late <= early * 1.05 }
}

export const fixed = (value: number, digits = 0): string => (Number.isFinite(value) ? value.toFixed(digits) : '–')

/** `12 345` style thousands, for req/s. */
export const thousands = (value: number): string =>
  Number.isFinite(value)
    ? Math.round(value)
        .toString()
        .replace(/\B(?=(\d{3})+(?!\d))/g, ' ')
    : '–'

export const ratio = (value: number): string => (Number.isFinite(value) ? `${value.toFixed(2)}×` : '–')

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))
