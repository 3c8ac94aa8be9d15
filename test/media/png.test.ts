import { crc32 as zlibCrc32, inflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { crc32, parsePng, pngBytes } from '../../src/media/index.js'

const equalBytes = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((v, i) => v === b[i])

interface Chunk {
  offset: number
  type: string
  data: Uint8Array
  crc: number
}

/** An independent chunk walker, so the tests do not trust parsePng to check pngBytes. */
function chunks(bytes: Uint8Array): Chunk[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const out: Chunk[] = []
  for (let offset = 8; offset < bytes.length;) {
    const length = view.getUint32(offset)
    out.push({
      offset,
      type: String.fromCharCode(...bytes.subarray(offset + 4, offset + 8)),
      data: bytes.subarray(offset + 8, offset + 8 + length),
      crc: view.getUint32(offset + 8 + length),
    })
    offset += 12 + length
  }
  return out
}

describe('crc32', () => {
  it('matches the standard check value and zlib', () => {
    const check = new TextEncoder().encode('123456789')
    expect(crc32(check)).toBe(0xcbf43926)
    expect(crc32(new Uint8Array(0))).toBe(0)
    if (typeof zlibCrc32 === 'function') expect(crc32(check)).toBe(zlibCrc32(check))
  })
})

describe('pngBytes', () => {
  it('is deterministic per seed', () => {
    expect(equalBytes(pngBytes({ seed: 1 }), pngBytes({ seed: 1 }))).toBe(true)
    expect(equalBytes(pngBytes({ seed: 1 }), pngBytes({ seed: 2 }))).toBe(false)
  })

  it('is a signature followed by IHDR, IDAT and IEND with valid CRCs', () => {
    const bytes = pngBytes({ seed: 11 })
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    const list = chunks(bytes)
    expect(list.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND'])
    for (const c of list) expect(crc32(bytes, c.offset + 4, c.offset + 8 + c.data.length)).toBe(c.crc)
    const ihdr = list[0]!.data
    expect([...ihdr]).toEqual([0, 0, 1, 0, 0, 0, 1, 0, 8, 2, 0, 0, 0])
    expect(parsePng(bytes)).toEqual({ width: 256, height: 256, bitDepth: 8, colorType: 2 })
  })

  it('deflates height * (1 + width * 3) bytes of unfiltered RGB scanlines', () => {
    for (const size of [1, 17, 256]) {
      const bytes = pngBytes({ seed: 4, size })
      const idat = chunks(bytes).find((c) => c.type === 'IDAT')!
      const raw = inflateSync(idat.data)
      expect(raw.length).toBe(size * (1 + size * 3))
      for (let y = 0; y < size; y++) expect(raw[y * (1 + size * 3)]).toBe(0)
      expect(parsePng(bytes)).toMatchObject({ width: size, height: size })
    }
  })

  it('draws a picture, not a flat fill', () => {
    const bytes = pngBytes({ seed: 8, size: 64 })
    const raw = inflateSync(chunks(bytes)[1]!.data)
    const colours = new Set<number>()
    for (let y = 0; y < 64; y++) {
      for (let x = 0; x < 64; x++) {
        const o = y * 193 + 1 + x * 3
        colours.add((raw[o]! << 16) | (raw[o + 1]! << 8) | raw[o + 2]!)
      }
    }
    expect(colours.size).toBeGreaterThan(20)
  })

  it('rejects bad sizes', () => {
    expect(() => pngBytes({ seed: 1, size: 0 })).toThrow(RangeError)
    expect(() => pngBytes({ seed: 1, size: 2.5 })).toThrow(RangeError)
  })
})

describe('parsePng', () => {
  const good = pngBytes({ seed: 3, size: 32 })
  const flip = (offset: number): Uint8Array => {
    const copy = good.slice()
    copy[offset]! ^= 0x01
    return copy
  }

  it('rejects a bad signature', () => {
    expect(() => parsePng(new Uint8Array(0))).toThrow(/signature/)
    expect(() => parsePng(flip(1))).toThrow(/signature/)
  })

  it('rejects any flipped byte inside a chunk through its CRC', () => {
    const list = chunks(good)
    const idat = list[1]!
    expect(() => parsePng(flip(16))).toThrow(/CRC mismatch in chunk "IHDR"/) // width
    expect(() => parsePng(flip(idat.offset + 8 + (idat.data.length >> 1)))).toThrow(/CRC mismatch in chunk "IDAT"/)
    expect(() => parsePng(flip(idat.offset + 5))).toThrow(/CRC mismatch/) // chunk type
    expect(() => parsePng(flip(good.length - 1))).toThrow(/CRC mismatch in chunk "IEND"/)
    expect(() => parsePng(flip(idat.offset + 3))).toThrow(/Not a valid PNG file/) // length
  })

  it('rejects truncated files', () => {
    for (const cut of [good.length - 1, good.length - 12, 40, 20, 9]) {
      expect(() => parsePng(good.subarray(0, cut))).toThrow(/Not a valid PNG file/)
    }
  })

  it('rejects a PNG without IDAT', () => {
    const list = chunks(good)
    const noIdat = new Uint8Array([...good.subarray(0, list[1]!.offset), ...good.subarray(list[2]!.offset)])
    expect(() => parsePng(noIdat)).toThrow(/no IDAT/)
  })
})
