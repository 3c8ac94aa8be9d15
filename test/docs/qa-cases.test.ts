/**
 * docs/qa-cases.md (issue 39): the three failure cases QA writes from scratch, read from the page
 * and run as printed, each with the answers the page promises; each passes `check --strict`.
 */
import { describe, expect, it } from 'vitest'
import { createTask, getTask, getUsage } from '../support/api-calls.js'
import { createMock, type Mock } from '../../src/mock/create-mock.js'
import { parseScenario } from '../../src/scenario/index.js'
import { blockOf } from '../support/doc-blocks.js'

const PAGE = 'docs/qa-cases.md'
const ORIGIN = 'http://127.0.0.1:4010'
const LYRICS = JSON.stringify({ model: 'music-model', task_type: 'lyrics', input: { prompt: 'rain' } })

const scenarioNamed = (name: string): string => blockOf(PAGE, 'yaml', `name: ${name}`).text
const create = (mock: Mock, key = 'qa-key') => createTask(mock.world, { apiKey: key, origin: ORIGIN, contentType: 'application/json', body: LYRICS }).response!
const read = (mock: Mock, id: string) => JSON.parse(getTask(mock.world, { apiKey: 'qa-key', origin: ORIGIN }, id).response!.body).data
const usage = (mock: Mock) => JSON.parse(getUsage(mock.world, { apiKey: 'qa-key', origin: ORIGIN }).response!.body).data
const idOf = (answer: { body: string }): string => JSON.parse(answer.body).data.task_id

describe(PAGE, () => {
  it.each(['third-create-fails', 'running-then-timeout', 'two-creates-a-minute'])('%s passes check --strict: valid, no warning', (name) => {
    const parsed = parseScenario(scenarioNamed(name), `${name}.yaml`)
    expect(parsed.ok && parsed.warnings).toEqual([])
  })

  it("fails qa-key's 3rd create with a 500, whatever other-key does, and says how it counted", () => {
    const mock = createMock({ scenario: scenarioNamed('third-create-fails') })
    const statuses = [create(mock), create(mock, 'other-key'), create(mock), create(mock, 'other-key'), create(mock), create(mock)].map(
      (answer) => answer.status,
    )
    expect(statuses).toEqual([202, 202, 202, 202, 500, 202])
    const [fivehundred] = mock.journal({ status: 500 }).entries
    expect(fivehundred!.cause).toMatchObject({ kind: 'fault', index: 0, line: 8, action: 'respond', counted: '3rd create of qa…y' })
    expect(mock.accounts.get('qa-key')).toMatchObject({ tasks_created: 3 })
  })

  it('without api_key, counts every key: the other key makes qa-key’s 2nd create the 3rd match', () => {
    const page = scenarioNamed('third-create-fails')
    const naive = page.slice(0, page.indexOf('faults:')) + blockOf(PAGE, 'yaml', 'faults:\n  - match: { endpoint: create, nth: 3 }').text
    const mock = createMock({ scenario: naive })
    expect(create(mock).status).toBe(202)
    expect(create(mock, 'other-key').status).toBe(202)
    expect(mock.faults().faults[0]).toMatchObject({ counts: 'creates, all keys counted', next: { match: 3, in: 1 } })
    expect(create(mock).status).toBe(500)
    expect(mock.journal({ status: 500 }).entries[0]!.cause).toMatchObject({ counted: '3rd create, all keys counted' })
  })

  it('runs 5 minutes, then times out and refunds at that instant', () => {
    const mock = createMock({ scenario: scenarioNamed('running-then-timeout') })
    const id = idOf(create(mock))
    expect(read(mock, id).status).toBe('running')
    mock.clock.advance('4m59s')
    expect(read(mock, id).status).toBe('running')
    expect(usage(mock).credits_used).toBe(5)
    mock.clock.advance('1s')
    const ended = read(mock, id)
    expect(ended).toMatchObject({ status: 'timeout', output: null })
    expect(Date.parse(ended.completed_at) - Date.parse(ended.created_at)).toBe(300_000)
    expect(usage(mock).credits_used).toBe(0)
    expect(mock.accounts.get('qa-key').events.at(-1)).toEqual({ kind: 'refund', credits: 5, task_id: id, at: ended.completed_at })
  })

  it('answers the 3rd create within a minute with 429 and Retry-After: 60, however often the app polls', () => {
    const mock = createMock({ scenario: scenarioNamed('two-creates-a-minute') })
    const first = create(mock)
    for (let poll = 0; poll < 6; poll++) read(mock, idOf(first))
    usage(mock)
    expect(create(mock).status).toBe(202)
    const refused = create(mock)
    expect(refused.status).toBe(429)
    expect(JSON.parse(refused.body)).toEqual({ code: 429, message: 'Rate limit exceeded. Try again in 60 seconds.' })
    expect(refused.headers).toMatchObject({ 'Retry-After': '60' })
    expect(usage(mock).credits_used).toBe(10)
    mock.clock.advance('60s')
    expect(create(mock).status).toBe(202)
  })
})
