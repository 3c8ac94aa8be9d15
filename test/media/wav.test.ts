import { describe, expect, it } from 'vitest'
import { DEFAULT_SAMPLE_RATE, parseWav, wavBytes } from '../../src/media/index.js'

const ascii = (bytes: Uint8Array, start: number): string => String.fromCharCode(...bytes.subarray(start, start + 4))
const equalBytes = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((v, i) => v === b[i])

describe('wavBytes', () => {
  it('is deterministic per seed', () => {
    expect(equalBytes(wavBytes({ seconds: 3, seed: 42 }), wavBytes({ seconds: 3, seed: 42 }))).toBe(true)
    expect(equalBytes(wavBytes({ seconds: 3, seed: 42 }), wavBytes({ seconds: 3, seed: 43 }))).toBe(false)
  })

  it('writes a canonical 44-byte PCM header, mono 8-bit at 8 kHz by default', () => {
    const bytes = wavBytes({ seconds: 1.5, seed: 1 })
    const view = new DataView(bytes.buffer)
    expect(ascii(bytes, 0)).toBe('RIFF')
    expect(view.getUint32(4, true)).toBe(bytes.length - 8)
    expect(ascii(bytes, 8)).toBe('WAVE')
    expect(ascii(bytes, 12)).toBe('fmt ')
    expect(ascii(bytes, 36)).toBe('data')
    expect(view.getUint32(40, true)).toBe(12_000)
    expect(bytes.length).toBe(44 + 12_000)
    expect(DEFAULT_SAMPLE_RATE).toBe(8000)
    expect(parseWav(bytes)).toEqual({ channels: 1, sampleRate: 8000, bitsPerSample: 8, dataBytes: 12_000, samples: 12_000, seconds: 1.5 })
  })

  it('holds round(seconds * sampleRate) samples, so its duration is the requested one', () => {
    const info = parseWav(wavBytes({ seconds: 187.4, seed: 7 }))
    expect(info.samples).toBe(1_499_200)
    expect(info.seconds).toBe(187.4)
    expect(parseWav(wavBytes({ seconds: 2.5, seed: 7, sampleRate: 22_050 }))).toMatchObject({ sampleRate: 22_050, samples: 55_125, seconds: 2.5 })
    expect(parseWav(wavBytes({ seconds: 0, seed: 7 }))).toMatchObject({ dataBytes: 0, seconds: 0 })
  })

  it('pads an odd-length data chunk to keep RIFF chunks word-aligned', () => {
    const bytes = wavBytes({ seconds: 0.000125, seed: 1 }) // one sample
    expect(bytes.length).toBe(46)
    expect(new DataView(bytes.buffer).getUint32(4, true)).toBe(38)
    expect(parseWav(bytes)).toMatchObject({ dataBytes: 1, samples: 1 })
  })

  it('is audible: a tone sequence, not silence or noise', () => {
    const bytes = wavBytes({ seconds: 10, seed: 5 })
    const data = bytes.subarray(44)
    let sumSquares = 0
    let crossings = 0
    for (let i = 0; i < data.length; i++) {
      sumSquares += (data[i]! - 128) ** 2
      if (i > 0 && data[i - 1]! < 128 !== data[i]! < 128) crossings++
    }
    expect(Math.sqrt(sumSquares / data.length)).toBeGreaterThan(10)
    // Tones between ~220 Hz and ~1.4 kHz cross zero a few hundred to a few thousand times a second.
    expect(crossings / 10).toBeGreaterThan(200)
    expect(crossings / 10).toBeLessThan(4000)
  })

  it('sizes a 240 s clip at 8 kHz 8-bit mono to 1.92 MB of samples', () => {
    expect(wavBytes({ seconds: 240, seed: 9 }).length).toBe(44 + 1_920_000)
  })

  it('rejects bad options', () => {
    expect(() => wavBytes({ seconds: -1, seed: 1 })).toThrow(RangeError)
    expect(() => wavBytes({ seconds: Number.NaN, seed: 1 })).toThrow(RangeError)
    expect(() => wavBytes({ seconds: 1, seed: 1, sampleRate: 0 })).toThrow(RangeError)
    expect(() => wavBytes({ seconds: 1, seed: 1, sampleRate: 44_100.5 })).toThrow(RangeError)
  })
})

describe('parseWav', () => {
  const good = wavBytes({ seconds: 1, seed: 3 })
  const corrupt = (offset: number): Uint8Array => {
    const copy = good.slice()
    copy[offset]! ^= 0xff
    return copy
  }

  it('rejects non-WAV input', () => {
    expect(() => parseWav(new Uint8Array(0))).toThrow(/Not a valid WAV file/)
    expect(() => parseWav(new TextEncoder().encode('definitely not a wave file'))).toThrow(/signature/)
  })

  it('rejects flipped header bytes', () => {
    expect(() => parseWav(corrupt(0))).toThrow(/signature/) // RIFF
    expect(() => parseWav(corrupt(8))).toThrow(/signature/) // WAVE
    expect(() => parseWav(corrupt(7))).toThrow(/truncated/) // RIFF size
    expect(() => parseWav(corrupt(20))).toThrow(/not PCM/) // audio format
    expect(() => parseWav(corrupt(32))).toThrow(/blockAlign/)
    expect(() => parseWav(corrupt(28))).toThrow(/byteRate/)
    expect(() => parseWav(corrupt(43))).toThrow(/overruns/) // data size
  })

  it('rejects truncated files', () => {
    expect(() => parseWav(good.subarray(0, good.length - 1))).toThrow(/truncated/)
    expect(() => parseWav(good.subarray(0, 30))).toThrow(/Not a valid WAV file/)
  })

  it('reads a WAV that sits at an offset inside a larger buffer', () => {
    const host = new Uint8Array(good.length + 10)
    host.set(good, 10)
    expect(parseWav(host.subarray(10))).toMatchObject({ samples: 8000, seconds: 1 })
  })
})
