/**
 * WAV files produced piece by piece: the chunks are exactly the bytes of the whole file, and the
 * bytes are those of earlier releases (golden hashes taken before the generator was split up).
 */
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { describe, expect, it } from 'vitest'
import { joinChunks } from '../../src/media/media-body.js'
import { wavByteLength, wavBytes, wavChunks } from '../../src/media/wav.js'

const GOLDEN: Array<[seconds: number, seed: number, sampleRate: number, sha256: string]> = [
  [1.5, 1, 8000, '852c808f38943a692b7a90b78f2448c6f55dccccf2128a2ee1aee580fd5082c4'],
  [3.001, 42, 8000, 'a4c5dc592ad750d173e3fece0dda1f3961f8ec2134b4ef64456a546cf9a95d25'],
  [2, 3, 22050, '47b5b64cc524b0a68b9ab6b3ebec3b1401593e3d97ab78f3821c30088065f7af'],
  [0, 5, 8000, '5b517b506f635e251ee0d7020062f1ce375cc3a92f1f445e71be6995f4a591f1'],
  [0.00013, 9, 8000, '1577ee4d06f86863167f4d76575fd4a59e2192aeb4d02fc7f0dc85dd91a1bee7'],
  [37.3, 4294967295, 8000, '7d6be04f01687fef90cdf6632b70be38c1767812618fd72cd1cc96b37bf2ffb6'],
]

describe('wav bytes and chunks', () => {
  it.each(GOLDEN)('%ss, seed %s, %s Hz: the same bytes as before', (seconds, seed, sampleRate, hash) => {
    expect(bytesToHex(sha256(wavBytes({ seconds, seed, sampleRate })))).toBe(hash)
  })

  it.each([45, 46, 100, 4096, 65536])('chunks of %s bytes join into the whole file, for every golden case', (size) => {
    for (const [seconds, seed, sampleRate, hash] of GOLDEN) {
      const chunks = [...wavChunks({ seconds, seed, sampleRate }, size)]
      expect(chunks.slice(0, -1).every((chunk) => chunk.byteLength === size)).toBe(true)
      expect(chunks.at(-1)!.byteLength).toBeLessThanOrEqual(size)
      const bytes = joinChunks([...chunks])
      expect(bytes.byteLength).toBe(wavByteLength({ seconds, seed, sampleRate }))
      expect(bytesToHex(sha256(bytes))).toBe(hash)
    }
  })

  it('knows the size of a long file without making it, and makes it one chunk at a time', () => {
    const options = { seconds: 100_000, seed: 7 }
    expect(wavByteLength(options)).toBe(800_000_044)
    const chunks = wavChunks(options)
    expect(chunks.next().value!.byteLength).toBe(64 * 1024)
    expect(chunks.next().value!.byteLength).toBe(64 * 1024)
    chunks.return()
  })

  it('refuses chunks too small for the header', () => {
    expect(() => wavChunks({ seconds: 1, seed: 1 }, 44).next()).toThrow(RangeError)
  })
})
