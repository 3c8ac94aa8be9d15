import { createHash } from 'node:crypto'
// The same object as the main entry's `faker` (which re-exports it), without loading every locale.
import { faker } from '@faker-js/faker/locale/en'
import { describe, expect, it } from 'vitest'
import { ManualClock } from '../../src/domain/clock.js'
import { generateOutput, type Clip, type OutputRequest } from '../../src/domain/outputs.js'
import { createRng } from '../../src/domain/random.js'
import { World, type TaskRequest } from '../../src/domain/world.js'
import { domainScenario, T0, timeline } from '../support/domain-scenario.js'

const lyrics: TaskRequest = { type: 'lyrics', model: 'music-model', mode: null, mv: 'voice-v4', input: { prompt: 'x' } }
const request = (type: OutputRequest['type'], seed: number, input: Record<string, unknown> = {}): OutputRequest => ({ seed, type, mode: null, input })
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
const SEEDS = Array.from({ length: 200 }, (_, i) => (i * 2654435761) >>> 0)

function expectClip(entry: unknown, minSeconds: number, maxSeconds: number): Clip {
  const clip = entry as Clip
  expect(clip.id).toMatch(UUID)
  expect(clip.audio_url).toBe(`/assets/audio/${clip.id}.wav`)
  expect(clip.image_url).toBe(`/assets/image/${clip.id}.png`)
  expect(clip.duration).toBeGreaterThanOrEqual(minSeconds)
  expect(clip.duration).toBeLessThanOrEqual(maxSeconds)
  expect(Math.round(clip.duration * 100) / 100).toBe(clip.duration)
  return clip
}

describe('outputs', () => {
  it("leaves an in-process user's own faker sequence alone when tasks succeed in between", () => {
    faker.seed(1)
    const alone = Array.from({ length: 6 }, () => faker.number.int())

    const done = timeline('done', { status: 'success' })
    const world = new World(domainScenario({ timelines: new Map([['done', done]]), defaultTimeline: done }), new ManualClock(T0))
    const account = world.account('a')!
    faker.seed(1)
    const interleaved: number[] = []
    for (let i = 0; i < 6; i++) {
      interleaved.push(faker.number.int())
      const created = world.create(account, lyrics)
      if (!created.ok) throw new Error('expected the create to succeed')
      expect(world.read(account, created.task.id)?.output).toBeTruthy()
    }
    expect(interleaved).toEqual(alone)
  })

  it('gives the same bytes for the same seed, and other bytes for another', () => {
    for (const type of ['music', 'lyrics', 'upload', 'concat'] as const) {
      const first = SEEDS.map((seed) => JSON.stringify(generateOutput(request(type, seed))))
      expect(SEEDS.map((seed) => JSON.stringify(generateOutput(request(type, seed))))).toEqual(first)
      expect(new Set(first).size).toBe(SEEDS.length)
    }
  })

  it('keeps its bytes from release to release', () => {
    // 1,200 outputs, every type, with and without a title and a file URL. The digest pins what
    // decision 039's generator gives; a change here changes every user's recorded outputs.
    const inputs = [{}, { title: 'Night drive', url: 'https://cdn.example/a/b/My%20Song.mp3?x=1' }, { url: 7 }]
    const hash = createHash('sha256')
    for (const type of ['music', 'lyrics', 'upload', 'concat'] as const) {
      for (const input of inputs) {
        for (let i = 0; i < 100; i++) hash.update(JSON.stringify(generateOutput(request(type, (i * 2654435761) >>> 0, input))))
      }
    }
    expect(hash.digest('hex')).toBe('542313262ba0f57f5054d6f9c9635b218d2ed4069f8586e2cf3e5421da7cb4ca')
  })

  it("draws song names and lyrics words from faker's English lists", () => {
    const songNames = new Set(faker.definitions.music.song_name)
    const words = new Set(faker.definitions.lorem.word)
    for (const seed of SEEDS.slice(0, 50)) {
      const music = generateOutput(request('music', seed))
      const [a, b] = music.result.map((entry) => expectClip(entry, 120, 240))
      expect(songNames.has(a!.title)).toBe(true)
      expect(b!.title).toBe(a!.title)
      expect(music.taskId).toMatch(UUID)

      const [song] = generateOutput(request('lyrics', seed)).result as Array<{ id: string; title: string; text: string }>
      expect(song!.id).toMatch(UUID)
      expect(songNames.has(song!.title)).toBe(true)
      const lines = song!.text.split('\n').filter((line) => line !== '' && !line.startsWith('['))
      expect(lines).toHaveLength(12)
      for (const line of lines) {
        const picked = line.split(' ')
        expect(picked.length).toBeGreaterThanOrEqual(4)
        expect(picked.length).toBeLessThanOrEqual(8)
        expect(picked.map((word, i) => (i === 0 ? word.charAt(0).toLowerCase() + word.slice(1) : word)).filter((word) => !words.has(word))).toEqual([])
      }

      expect(songNames.has(expectClip(generateOutput(request('concat', seed)).result[0], 180, 480).title)).toBe(true)
      expect(songNames.has(expectClip(generateOutput(request('upload', seed, { url: 7 })).result[0], 30, 300).title)).toBe(true)
    }
  })

  it("names an upload's clip after its file, and a music clip after the title given", () => {
    expect((generateOutput(request('upload', 3, { url: 'https://cdn.example/a/b/My%20Song.mp3?x=1#y' })).result[0] as Clip).title).toBe('My Song')
    expect((generateOutput(request('music', 3, { title: 'Night drive' })).result as Clip[]).map((clip) => clip.title)).toEqual(['Night drive', 'Night drive'])
  })

  it("draws from a stream apart from the task's own (the timeline choice and the former id)", () => {
    for (const seed of SEEDS) {
      const output = generateOutput(request('concat', seed))
      const task = createRng(seed)
      expect(output.taskId).not.toBe(task.uuid())
    }
  })
})
