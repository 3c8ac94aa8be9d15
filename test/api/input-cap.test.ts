import { describe, expect, it } from 'vitest'
import { createTask } from '../support/api-calls.js'
import { createMock } from '../../src/mock/create-mock.js'

const create = (scenario: string, input: Record<string, unknown>) => {
  const mock = createMock({ scenario })
  const body = JSON.stringify({ model: 'music-model', task_type: 'upload', input })
  const answer = createTask(mock.world, { apiKey: 'k', origin: 'http://127.0.0.1', contentType: 'application/json', body }).response!
  return { mock, answer }
}

describe('service.max_input_bytes', () => {
  it('refuses an input larger than the default 64 KiB with 400, storing nothing', () => {
    const { mock, answer } = create('version: 1\naccounts: [{ api_key: k, credits: 100 }]\n', { url: 'https://example.com/a.wav', notes: 'x'.repeat(70_000) })
    expect(answer.status).toBe(400)
    expect(JSON.parse(answer.body).message).toMatch(/^input: 700\d\d bytes as JSON, the limit is 65536 bytes \(service\.max_input_bytes\)$/)
    expect(mock.world.tasks.size).toBe(0)
    expect(mock.world.account('k')!.ledger).toMatchObject({ available: 100, frozen: 0, tasks_created: 0 })
  })

  it('counts UTF-8 bytes and takes the scenario setting', () => {
    const scenario = 'version: 1\nservice: { max_input_bytes: 100 }\naccounts: [{ api_key: k, credits: 100 }]\n'
    expect(create(scenario, { url: 'https://example.com/a.wav', n: 'é'.repeat(30) }).answer.status).toBe(400)
    expect(create(scenario, { url: 'https://example.com/a.wav', n: 'e'.repeat(30) }).answer.status).toBe(202)
  })
})
