/**
 * The few transcendental values the media generators need, computed the same to the last bit on
 * every JavaScript engine. ECMAScript lets Math.sin and `**` be approximations, and engines differ:
 * Node 20 and a current Chromium disagree in the last bit of Math.sin for 170 of 4096 table angles
 * and of `2 ** (n / 12)` for 5 of 22 semitones, which changed a few WAV samples between Node and a
 * page. Sums, products and quotients are exactly rounded by IEEE 754, so a series evaluated with
 * them alone is portable; the semitone ratios are literals.
 */

/** 2 ** (n / 12) for n = 0…21 semitones (correctly rounded). */
export const SEMITONE_RATIOS: readonly number[] = [
  1.0, 1.0594630943592953, 1.122462048309373, 1.189207115002721, 1.2599210498948732, 1.3348398541700344, 1.4142135623730951, 1.4983070768766815,
  1.5874010519681994, 1.681792830507429, 1.7817974362806785, 1.8877486253633868, 2.0, 2.1189261887185906, 2.244924096618746, 2.378414230005442,
  2.5198420997897464, 2.6696797083400687, 2.8284271247461903, 2.996614153753363, 3.174802103936399, 3.363585661014858,
]

/** sin(x) for 0 <= x <= π/2 by its Taylor series to x^23 (truncation error below 2e-18), in Horner form. */
function quarterSine(x: number): number {
  const x2 = x * x
  let sum = 1
  for (let k = 22; k >= 2; k -= 2) sum = 1 - (x2 / (k * (k + 1))) * sum
  return x * sum
}

/** One period of sin, `size` samples (a multiple of 4), from one quarter mirrored: identical on every engine. */
export function sineTable(size: number): Float32Array {
  if (!Number.isInteger(size) || size < 4 || size % 4 !== 0) throw new RangeError(`sineTable: size must be a multiple of 4, got ${size}`)
  const quarter = size / 4
  const base = new Float64Array(quarter + 1)
  for (let r = 0; r <= quarter; r++) base[r] = quarterSine((r * Math.PI) / 2 / quarter)
  const table = new Float32Array(size)
  for (let i = 0; i < size; i++) {
    const q = Math.floor(i / quarter)
    const r = i % quarter
    const value = q % 2 === 0 ? base[r]! : base[quarter - r]!
    table[i] = q < 2 ? value : 0 - value // 0 - 0 is +0
  }
  return table
}
