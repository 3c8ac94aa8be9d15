import { faker } from '@faker-js/faker'
import { describe, expect, it } from 'vitest'
import { ManualClock } from '../../src/domain/clock.js'
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
})
