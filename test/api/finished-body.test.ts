/** A finished task's body is rendered once per origin and reused: every read still gets the bytes a fresh rendering gives. */
import { describe, expect, it } from 'vitest'
import { createTask, getTask } from '../support/api-calls.js'
import { renderTask } from '../../src/api/respond.js'
import { createMock } from '../../src/mock/create-mock.js'

const SCENARIO = `
version: 1
accounts: [{ api_key: k, credits: 1000 }]
timelines:
  default: [{ status: pending, polls: 1 }, { status: success }]
`
const body = JSON.stringify({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: 'sea' } })

describe('Get Task of a finished task', () => {
  it('answers the bytes of a fresh rendering, per origin, read after read and after a reset', () => {
    const mock = createMock({ scenario: SCENARIO })
    const read = (origin: string, id: string) => getTask(mock.world, { apiKey: 'k', origin }, id).response!.body
    const fresh = (origin: string, id: string) => JSON.stringify({ code: 200, data: renderTask(mock.world.tasks.get(id)!, origin) })
    const create = () =>
      JSON.parse(createTask(mock.world, { apiKey: 'k', origin: 'http://a.test', contentType: 'application/json', body }).response!.body).data.task_id as string

    const id = create()
    expect(JSON.parse(read('http://a.test', id)).data.status).toBe('pending')
    const reads = ['http://a.test', 'http://a.test', 'http://b.test', 'http://a.test'].map((origin) => [origin, read(origin, id)] as const)
    for (const [origin, answer] of reads) {
      expect(JSON.parse(answer).data.status).toBe('success')
      expect(answer).toBe(fresh(origin, id))
    }
    expect(reads[2]![1]).toContain('http://b.test/assets/')

    mock.reset()
    const again = create()
    read('http://a.test', again)
    expect(read('http://a.test', again)).toBe(fresh('http://a.test', again))
  })
})
