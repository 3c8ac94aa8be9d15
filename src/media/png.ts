/**
 * Generated PNG cover art.
 *
 * Format: the 8-byte signature 89 50 4E 47 0D 0A 1A 0A, then chunks, each
 *   <u32 big-endian data length> <4-byte ASCII type> <data> <u32 CRC-32 of type + data>.
 * IHDR (width, height, bit depth, colour type, compression, filter, interlace) comes first,
 * IDAT holds the zlib-deflated scanlines (each a filter-type byte, here 0 = None, then RGB
 * triples), and IEND closes the file. The scanlines are compressed with fflate's `zlibSync`
 * (pure JavaScript, docs/decisions/011), whose output is the same on every platform, so the same
 * seed gives the same bytes in Node and in a browser (`node:zlib` exists only in Node, and its
 * output depends on the zlib build).
 */
import { zlibSync } from 'fflate'
import { createRng, deriveSeed } from '../domain/random.js'
import { crc32 } from './crc32.js'

export interface PngOptions {
  seed: number
  /** Width and height in pixels, default 256. */
  size?: number
}

export interface PngInfo {
  width: number
  height: number
  bitDepth: number
  /** 2 = RGB, 6 = RGBA, etc. Generated files are always 2. */
  colorType: number
}

export const PNG_MIME_TYPE = 'image/png'
export const DEFAULT_PNG_SIZE = 256
const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

type Rgb = [number, number, number]

/**
 * Products and Math.sqrt are exactly rounded on every engine; `**` and Math.hypot may be
 * approximations that differ between engines, and a page must draw Node's bytes.
 */
const square = (v: number): number => v * v

/** A square RGB cover: a diagonal gradient between two seeded colours with a few seeded discs and a ring. */
export function pngBytes(options: PngOptions): Uint8Array {
  const { seed, size = DEFAULT_PNG_SIZE } = options
  if (!Number.isInteger(size) || size < 1 || size > 4096) throw new RangeError(`pngBytes: size must be an integer in 1..4096, got ${size}`)
  const rng = createRng(deriveSeed(0, 'media-png', seed))
  const colour = (): Rgb => [rng.int(0, 255), rng.int(0, 255), rng.int(0, 255)]
  const from = colour()
  const to = colour()
  const discs = Array.from({ length: rng.int(3, 5) }, () => ({
    x: rng.next() * size,
    y: rng.next() * size,
    r2: square(size * (0.08 + rng.next() * 0.22)),
    rgb: colour(),
  }))
  const ring = { r: size * 0.3, width: Math.max(1, size * 0.04), rgb: colour() }

  const stride = 1 + size * 3
  const raw = new Uint8Array(size * stride) // filter byte 0 (None) already in place on every row
  const centre = (size - 1) / 2
  const span = Math.max(1, 2 * (size - 1))
  for (let y = 0; y < size; y++) {
    let o = y * stride + 1
    for (let x = 0; x < size; x++, o += 3) {
      const t = (x + y) / span
      let r = from[0] + (to[0] - from[0]) * t
      let g = from[1] + (to[1] - from[1]) * t
      let b = from[2] + (to[2] - from[2]) * t
      for (const d of discs) {
        if (square(x - d.x) + square(y - d.y) <= d.r2) {
          // 70% opaque, so overlapping discs mix
          r = 0.3 * r + 0.7 * d.rgb[0]
          g = 0.3 * g + 0.7 * d.rgb[1]
          b = 0.3 * b + 0.7 * d.rgb[2]
        }
      }
      if (Math.abs(Math.sqrt(square(x - centre) + square(y - centre)) - ring.r) <= ring.width / 2) [r, g, b] = ring.rgb
      raw[o] = Math.round(r)
      raw[o + 1] = Math.round(g)
      raw[o + 2] = Math.round(b)
    }
  }

  const header = new Uint8Array(13)
  const hv = new DataView(header.buffer)
  hv.setUint32(0, size)
  hv.setUint32(4, size)
  header.set([8, 2, 0, 0, 0], 8) // bit depth 8, colour type 2 (RGB), deflate, adaptive filtering, no interlace
  const chunks = [chunk('IHDR', header), chunk('IDAT', zlibSync(raw, { level: 9 })), chunk('IEND', new Uint8Array(0))]

  const out = new Uint8Array(SIGNATURE.length + chunks.reduce((n, c) => n + c.length, 0))
  out.set(SIGNATURE)
  let offset = SIGNATURE.length
  for (const c of chunks) {
    out.set(c, offset)
    offset += c.length
  }
  return out
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(12 + data.length)
  const view = new DataView(bytes.buffer)
  view.setUint32(0, data.length)
  for (let i = 0; i < 4; i++) bytes[4 + i] = type.charCodeAt(i)
  bytes.set(data, 8)
  view.setUint32(8 + data.length, crc32(bytes, 4, 8 + data.length))
  return bytes
}

/** Reads a PNG's IHDR after checking the signature, chunk bounds, every chunk CRC and the IHDR…IDAT…IEND order. */
export function parsePng(bytes: Uint8Array): PngInfo {
  const fail = (why: string): never => {
    throw new Error(`Not a valid PNG file: ${why}`)
  }
  if (bytes.length < SIGNATURE.length || SIGNATURE.some((b, i) => bytes[i] !== b)) fail('bad signature')
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let info: PngInfo | undefined
  let sawIdat = false
  let offset = SIGNATURE.length
  for (;;) {
    if (offset + 12 > bytes.length) fail(`file ends inside a chunk header at byte ${offset} (truncated?)`)
    const length = view.getUint32(offset)
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8))
    const end = offset + 8 + length
    if (end + 4 > bytes.length) fail(`chunk "${type}" at byte ${offset} overruns the file (truncated?)`)
    if (crc32(bytes, offset + 4, end) !== view.getUint32(end)) fail(`CRC mismatch in chunk "${type}" at byte ${offset}`)
    if (info === undefined) {
      if (type !== 'IHDR' || length !== 13) fail('the first chunk is not a 13-byte IHDR')
      info = {
        width: view.getUint32(offset + 8),
        height: view.getUint32(offset + 12),
        bitDepth: bytes[offset + 16]!,
        colorType: bytes[offset + 17]!,
      }
      if (info.width === 0 || info.height === 0) fail('zero width or height')
    } else if (type === 'IDAT') {
      sawIdat = true
    } else if (type === 'IEND') {
      if (!sawIdat) fail('no IDAT chunk')
      return info
    }
    offset = end + 4
  }
}
