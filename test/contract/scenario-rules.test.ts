/**
 * Scenario settings and rules over both doors: model, versions, prices and limits as the
 * scenario sets them, and every kind of rule condition choosing a task's timeline.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { httpDoor, inProcessDoor, type Door, type Fake } from '../support/doors.js'
import { containerDoors } from '../support/container-door.js'
import { exeDoors } from '../support/exe-door.js'
import { fetchDoor } from '../support/fetch-door.js'

const SCENARIO = `
version: 1
service:
  model: tune-gen
  versions: [voice-v3-5, voice-v4, voice-v5]
  default_version: voice-v5
  prices: { music: 25, upload: 0 }
  limits: { gpt_description_prompt: 20 }
accounts:
  - { api_key: key-a, credits: 1000 }
  - { api_key: vip, credits: 1000 }
timelines:
  done: [{ status: success }]
rules:
  - match: { api_key: vip }
    timeline: [{ status: failure, error: vip }]
  - match: { task_type: music, mode: custom }
    timeline: [{ status: failure, error: custom }]
  - match: { task_type: music, mv: voice-v5 }
    timeline: [{ status: failure, error: default version }]
  - match: { input: { make_instrumental: { equals: true } } }
    timeline: [{ status: failure, error: instrumental }]
  - match: { input: { gpt_description_prompt: { matches: "^(lo-?fi|chill)\\\\b" } } }
    timeline: [{ status: failure, error: matches }]
  - match: { task_type: lyrics, input: { title: { exists: true } } }
    timeline: [{ status: failure, error: exists }]
  - match: { task_type: upload, nth: 2 }
    timeline: [{ status: failure, error: second upload }]
  - match: { task_type: upload, times: 2 }
    timeline: [{ status: failure, error: first uploads }]
  - match: {}
    timeline: done
`

describe.each([inProcessDoor(), fetchDoor(), httpDoor(), ...exeDoors(), ...containerDoors()])('scenario settings and rules: $name', (door: Door) => {
  let fake: Fake
  beforeAll(() => door.setup())
  afterAll(() => door.teardown())
  afterEach(() => door.stop())
  const create = (input: Record<string, unknown>, taskType = 'music', key = 'key-a') =>
    fake.call('POST', '/api/v1/task', { key, body: { model: 'tune-gen', task_type: taskType, input } })
  /** The error of the task a create made (its timeline ends at once), or 'success'. */
  const outcome = async (input: Record<string, unknown>, taskType = 'music', key = 'key-a') => {
    const created = await create(input, taskType, key)
    expect(created.status).toBe(202)
    const task = (await fake.call('GET', `/api/v1/task/${created.json.data.task_id}`, { key })).json.data
    return task.status === 'success' ? 'success' : task.error
  }

  it('takes the model, versions, prices and limits from the scenario', async () => {
    fake = await door.start(SCENARIO)
    const wrongModel = await fake.call('POST', '/api/v1/task', { body: { model: 'music-model', task_type: 'lyrics', input: { prompt: 'x' } } })
    expect(wrongModel.json.message).toBe('model: unsupported model "music-model"; the only supported model is "tune-gen"')
    expect((await create({ gpt_description_prompt: 'x', mv: 'voice-v5' })).json.data.credits_charged).toBe(25)
    expect((await create({ url: 'https://x.test/a.wav' }, 'upload')).json.data.credits_charged).toBe(0)
    expect((await create({ prompt: 'x' }, 'lyrics')).json.data.credits_charged).toBe(5)
    expect((await create({ gpt_description_prompt: 'x'.repeat(21) })).json.message).toBe(
      'input.gpt_description_prompt: too long: 21 characters, at most 20 allowed',
    )
    expect((await create({ gpt_description_prompt: 'x', mv: 'voice-v6' })).json.message).toMatch(/expected one of voice-v3-5, voice-v4, voice-v5$/)
  })

  it('chooses timelines by api_key, mode, mv (default applied), equals, matches, exists, nth and times; first match wins', async () => {
    fake = await door.start(SCENARIO)
    expect(await outcome({ gpt_description_prompt: 'anything' }, 'music', 'vip')).toBe('vip')
    expect(await outcome({ prompt: '[Verse] la la', mv: 'voice-v4' })).toBe('custom')
    expect(await outcome({ gpt_description_prompt: 'jazz' })).toBe('default version')
    expect(await outcome({ gpt_description_prompt: 'jazz', mv: 'voice-v4', make_instrumental: true })).toBe('instrumental')
    expect(await outcome({ gpt_description_prompt: 'lofi beats', mv: 'voice-v4' })).toBe('matches')
    expect(await outcome({ gpt_description_prompt: 'chill out', mv: 'voice-v4' })).toBe('matches')
    expect(await outcome({ gpt_description_prompt: 'chilly', mv: 'voice-v4' })).toBe('success')
    expect(await outcome({ prompt: 'x', title: 'T' }, 'lyrics')).toBe('exists')
    expect(await outcome({ prompt: 'x' }, 'lyrics')).toBe('success')
    const uploads = []
    for (let i = 0; i < 4; i++) uploads.push(await outcome({ url: 'https://x.test/a.wav' }, 'upload'))
    // the 1st upload takes `times: 2`, the 2nd the nth rule, the 3rd the rest of `times`, then none
    expect(uploads).toEqual(['first uploads', 'second upload', 'first uploads', 'success'])
  })
})
