/**
 * Media files cannot exhaust the fake (issue 11): audio is capped by default
 * (`service.media.max_audio_seconds`, 600 s) whatever a clip's duration says, streamed in
 * chunks of at most 64 KiB with an exact Content-Length, HEAD makes nothing, and the cache of
 * generated files is bounded in bytes. Through every door.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { mediaCache } from '../../src/api/media-files.js'
import { MediaCache } from '../../src/media/media-cache.js'
import { parseWav } from '../../src/media/wav.js'
import { formatScenarioError, parseScenario } from '../../src/scenario/index.js'
import { allDrivers, type Driven, type Driver } from '../support/admin-drivers.js'
import { createTask, readTask } from '../support/admin-helpers.js'

const HUGE = (media = '') => `
version: 1
seed: 3
accounts: [{ api_key: key-a, credits: 1000 }]
${media}
timelines:
  default: [{ status: success, output: { result: [{ duration: 100000 }] } }]
`

/** Reads a body chunk by chunk: the sizes of the chunks and the whole. */
async function readChunks(response: Response): Promise<{ sizes: number[]; bytes: Uint8Array }> {
  const sizes: number[] = []
  const parts: Uint8Array[] = []
  const reader = response.body!.getReader()
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    sizes.push(next.value.byteLength)
    parts.push(next.value)
  }
  const bytes = new Uint8Array(sizes.reduce((a, b) => a + b, 0))
  let at = 0
  for (const part of parts) {
    bytes.set(part, at)
    at += part.byteLength
  }
  return { sizes, bytes }
}

describe.each(allDrivers())('media limits: $name', (driver: Driver) => {
  let fake: Driven
  beforeAll(() => driver.setup())
  afterAll(() => driver.teardown())
  afterEach(() => driver.stop())

  async function audioUrl(): Promise<string> {
    const id = await createTask(fake)
    const clip = (await readTask(fake, id)).json.data.output.result[0]
    expect(clip.duration).toBe(100000)
    return clip.audio_url
  }

  it('caps a 100000 s clip at 600 s by default, streamed in chunks of at most 64 KiB', async () => {
    fake = await driver.start(HUGE())
    const url = await audioUrl()
    const head = await fetch(url, { method: 'HEAD' })
    expect(head.headers.get('content-length')).toBe(String(44 + 600 * 8000))
    const response = await fetch(url)
    expect(response.headers.get('content-length')).toBe(String(44 + 600 * 8000))
    const { sizes, bytes } = await readChunks(response)
    expect(bytes.byteLength).toBe(44 + 600 * 8000)
    expect(parseWav(bytes).seconds).toBe(600)
    expect(sizes.length).toBeGreaterThan(1)
    expect(Math.max(...sizes)).toBeLessThanOrEqual(64 * 1024)
    const again = new Uint8Array(await (await fetch(url)).arrayBuffer()) // from the cache now
    expect(Buffer.from(again).equals(Buffer.from(bytes))).toBe(true)
  })

  it('takes the smaller of max_audio_seconds and audio_seconds', async () => {
    fake = await driver.start(HUGE('service: { media: { max_audio_seconds: 2 } }'))
    expect((await fetch(await audioUrl(), { method: 'HEAD' })).headers.get('content-length')).toBe(String(44 + 16_000))
    await fake.control.reset(HUGE('service: { media: { max_audio_seconds: 2, audio_seconds: 1 } }'))
    expect((await fetch(await audioUrl(), { method: 'HEAD' })).headers.get('content-length')).toBe(String(44 + 8_000))
  })

  it('keeps the media cache within its bytes', async () => {
    fake = await driver.start(HUGE())
    await fetch(await audioUrl()).then((response) => response.arrayBuffer())
    expect(mediaCache.bytes).toBeLessThanOrEqual(mediaCache.maxBytes)
  })
})

describe('max_audio_seconds in a scenario', () => {
  it('is at most 36000', () => {
    const result = parseScenario('version: 1\nservice:\n  media: { max_audio_seconds: 36001 }', 's.yaml')
    expect(result.ok ? [] : result.errors.map(formatScenarioError)).toEqual([
      's.yaml:3:31: service.media.max_audio_seconds: expected a number greater than 0 and at most 36000, got 36001',
    ])
  })
})

describe('MediaCache', () => {
  const file = (size: number) => new Uint8Array(size)

  it('evicts the least recently used files to stay within its bytes', () => {
    const cache = new MediaCache({ maxBytes: 100, maxEntryBytes: 60 })
    cache.set('a', file(40))
    cache.set('b', file(40))
    cache.get('a') // a is now the most recently used
    cache.set('c', file(40))
    expect([cache.get('a') !== undefined, cache.get('b') !== undefined, cache.get('c') !== undefined]).toEqual([true, false, true])
    expect(cache.bytes).toBe(80)
    cache.set('a', file(50)) // replacing counts the new size only
    expect(cache.bytes).toBe(90)
  })

  it('never keeps a file larger than an entry may be', () => {
    const cache = new MediaCache({ maxBytes: 100, maxEntryBytes: 60 })
    cache.set('big', file(61))
    expect(cache.size).toBe(0)
    expect(cache.bytes).toBe(0)
  })
})
