/** Media files end to end, through both doors: outputs point at the fake, and the files are real WAV and PNG. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { parsePng } from '../../src/media/png.js'
import { parseWav } from '../../src/media/wav.js'
import { allDrivers, type Driven, type Driver } from '../support/admin-drivers.js'
import { createTask, readTask } from '../support/admin-helpers.js'
import { CONTRACT_SCENARIO } from '../support/scenarios.js'

const SHORT = CONTRACT_SCENARIO.replace('  timeout_after: 10m', '  timeout_after: 10m\n  media: { audio_seconds: 1.5 }')
const FAULTY = `${CONTRACT_SCENARIO}
faults:
  - match: { endpoint: asset, times: 1 }
    respond: { status: 503, headers: { Retry-After: "1" } }
`

describe.each(allDrivers())('media files: $name', (driver: Driver) => {
  let fake: Driven
  beforeAll(() => driver.setup())
  afterAll(() => driver.teardown())
  afterEach(() => driver.stop())

  async function finishedClips(key = 'key-a') {
    const id = await createTask(fake, key)
    let task
    for (let i = 0; i < 4; i++) task = (await readTask(fake, id, key)).json.data
    return task.output.result as Array<{ id: string; audio_url: string; image_url: string; duration: number }>
  }
  const download = async (url: string, method = 'GET') => {
    const response = await fetch(url, { method })
    return { response, bytes: new Uint8Array(await response.arrayBuffer()) }
  }

  it('serves each clip as a WAV as long as its duration and a PNG cover, with type and length', async () => {
    fake = await driver.start(CONTRACT_SCENARIO)
    const [clip] = await finishedClips()
    expect(clip!.audio_url).toBe(`${fake.origin}/assets/audio/${clip!.id}.wav`)
    const audio = await download(clip!.audio_url)
    expect(audio.response.status).toBe(200)
    expect(audio.response.headers.get('content-type')).toBe('audio/wav')
    expect(audio.response.headers.get('content-length')).toBe(String(audio.bytes.byteLength))
    expect(parseWav(audio.bytes).seconds).toBe(clip!.duration)
    const image = await download(clip!.image_url)
    expect(image.response.headers.get('content-type')).toBe('image/png')
    expect(image.response.headers.get('content-length')).toBe(String(image.bytes.byteLength))
    expect(parsePng(image.bytes)).toMatchObject({ width: 256, height: 256 })
    const again = await download(clip!.audio_url)
    expect(Buffer.from(again.bytes).equals(Buffer.from(audio.bytes))).toBe(true)
  })

  it('answers HEAD with the headers of GET and no body', async () => {
    fake = await driver.start(CONTRACT_SCENARIO)
    const [clip] = await finishedClips()
    const head = await download(clip!.image_url, 'HEAD')
    const get = await download(clip!.image_url)
    expect(head.response.status).toBe(200)
    expect(head.bytes.byteLength).toBe(0)
    expect(head.response.headers.get('content-length')).toBe(get.response.headers.get('content-length'))
  })

  it('caps audio at service.media.audio_seconds', async () => {
    fake = await driver.start(SHORT)
    const [clip] = await finishedClips()
    const audio = await download(clip!.audio_url)
    expect(clip!.duration).toBeGreaterThan(100)
    expect(parseWav(audio.bytes).seconds).toBe(1.5)
    expect(audio.bytes.byteLength).toBe(44 + 12_000)
  })

  it('answers 404 JSON for an unknown clip or extension, and for clips of a reset key', async () => {
    fake = await driver.start(CONTRACT_SCENARIO)
    const missing = await fetch(`${fake.origin}/assets/audio/nope.wav`)
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ code: 404, message: 'No such audio file: /assets/audio/nope.wav (no task output has a clip with id "nope")' })
    const [clip] = await finishedClips('key-b')
    expect((await fetch(clip!.audio_url.replace('.wav', '.mp3'))).status).toBe(404)
    await fake.control.accounts.reset('key-b')
    expect((await fetch(clip!.audio_url)).status).toBe(404)
  })

  it('applies asset faults and journals every download', async () => {
    fake = await driver.start(FAULTY)
    const [clip] = await finishedClips()
    const failed = await fetch(clip!.audio_url)
    expect(failed.status).toBe(503)
    expect(failed.headers.get('retry-after')).toBe('1')
    expect((await fetch(clip!.audio_url)).status).toBe(200)
    const page = await fake.control.journal({ endpoint: 'asset' })
    expect(page.entries.map((entry: { status: number; path: string }) => [entry.status, entry.path])).toEqual([
      [200, `/assets/audio/${clip!.id}.wav`],
      [503, `/assets/audio/${clip!.id}.wav`],
    ])
    expect((await fake.control.report()).requests).toBe(5) // the report judges API requests only: 1 create, 4 reads
  })
})
