import { describe, expect, it } from 'vitest'
import { ManualClock } from '../../src/domain/clock.js'
import { progressOf } from '../../src/domain/progress.js'
import { World, type TaskRequest } from '../../src/domain/world.js'
import { domainScenario, T0, timeline } from '../support/domain-scenario.js'

const music: TaskRequest = { type: 'music', model: 'music-model', mode: 'description', mv: 'voice-v4', input: { gpt_description_prompt: 'x' } }

function lifeOf(...steps: Parameters<typeof timeline>[1][]) {
  const scripted = timeline('scripted', ...steps)
  const world = new World(domainScenario({ rules: [{ match: {}, timeline: scripted }] }), new ManualClock(T0))
  const account = world.account('a')!
  const created = world.create(account, music)
  if (!created.ok) throw new Error('expected the create to succeed')
  const seen = [progressOf(created.task)]
  for (let i = 0; i < steps.length; i++) seen.push(progressOf(world.read(account, created.task.id)!))
  return seen
}

describe('progressOf', () => {
  it("reports each step's progress, then the output's on success", () => {
    const seen = lifeOf(
      { status: 'pending', polls: 1, progress: '0%' },
      { status: 'running', polls: 1, progress: '40%' },
      { status: 'running', polls: 1 },
      { status: 'success', output: { progress: '99%' } },
    )
    // created, then one read per step: the read that leaves a step sees the next one
    expect(seen).toEqual(['0%', '0%', '40%', null, '99%'])
  })

  it("is the generated output's 100% after a plain success, and null after a failure or timeout", () => {
    expect(lifeOf({ status: 'running', polls: 1, progress: '50%' }, { status: 'success' }).slice(-1)).toEqual(['100%'])
    expect(lifeOf({ status: 'running', polls: 1, progress: '50%' }, { status: 'failure', error: 'no' })).toEqual(['50%', '50%', null])
    expect(lifeOf({ status: 'timeout' })).toEqual([null, null])
  })
})
