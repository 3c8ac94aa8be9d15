import { createHash } from 'node:crypto'
// The same object as the main entry's `faker` (which re-exports it), without loading every locale.
import { faker } from '@faker-js/faker/locale/en'
import { describe, expect, it } from 'vitest'
import { ManualClock } from '../../src/domain/clock.js'
import { mersenneRandomizer } from '../../src/domain/mersenne.js'
import { fakerUuid, generateOutput } from '../../src/domain/outputs.js'
import { World, type TaskRequest } from '../../src/domain/world.js'
import { domainScenario, T0, timeline } from '../support/domain-scenario.js'

const lyrics: TaskRequest = { type: 'lyrics', model: 'music-model', mode: null, mv: 'voice-v4', input: { prompt: 'x' } }

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

  it('keeps the bytes outputs had when they came from the shared faker instance', () => {
    // 1,200 outputs, every type, with and without a title and a file URL. The digest is the one the
    // outputs of the faker-seeded version (before decision 031) gave.
    const inputs = [{}, { title: 'Night drive', url: 'https://cdn.example/a/b/My%20Song.mp3?x=1' }, { url: 7 }]
    const hash = createHash('sha256')
    for (const type of ['music', 'lyrics', 'upload', 'concat'] as const) {
      for (const input of inputs) {
        for (let i = 0; i < 100; i++) hash.update(JSON.stringify(generateOutput({ seed: (i * 2654435761) >>> 0, type, mode: null, input })))
      }
    }
    expect(hash.digest('hex')).toBe('13ab1c8fa1ebd7a9be06a8fdaee1b5394faeca668ed30ee07ae4e9ee47066f17')
  })

  it("makes faker's uuids from the same draws", () => {
    const ours = mersenneRandomizer()
    const differing: number[] = []
    for (let seed = 0; seed < 1000; seed++) {
      faker.seed(seed)
      ours.seed(seed)
      for (let k = 0; k < 3; k++) if (fakerUuid(ours.next) !== faker.string.uuid()) differing.push(seed)
    }
    expect(differing).toEqual([])
  })
})
