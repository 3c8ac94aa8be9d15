/**
 * Issue 39: a rate limit a scenario scopes to endpoints ("2 creates a minute": reads neither
 * count nor are limited; the default stays one window for every endpoint, as on the real
 * service), and one counted in real minutes on a fast auto clock (`real_time`: what a recording
 * of a real service's limit replays with).
 */
import { describe, expect, it } from 'vitest'
import { createTask, getTask, getUsage } from '../support/api-calls.js'
import { createMock, type Mock } from '../../src/mock/create-mock.js'
import { formatScenarioError, parseScenario } from '../../src/scenario/index.js'

const ORIGIN = 'http://127.0.0.1:4010'
const BODY = JSON.stringify({ model: 'music-model', task_type: 'lyrics', input: { prompt: 'rain' } })

const create = (mock: Mock) => createTask(mock.world, { apiKey: 'qa-key', origin: ORIGIN, contentType: 'application/json', body: BODY }).response!
const read = (mock: Mock, id: string) => getTask(mock.world, { apiKey: 'qa-key', origin: ORIGIN }, id).response!
const usage = (mock: Mock) => getUsage(mock.world, { apiKey: 'qa-key', origin: ORIGIN }).response!
const idOf = (answer: { body: string }) => (JSON.parse(answer.body) as { data: { task_id: string } }).data.task_id

const scenario = (rateLimit: string, clock = '{ mode: manual, start: "2026-01-01T00:00:00.000Z" }') =>
  `version: 1\nclock: ${clock}\nservice: { rate_limit: ${rateLimit} }\naccounts: [{ api_key: qa-key, credits: 1000 }]\n`

describe('a rate limit scoped to endpoints', () => {
  it('"2 creates a minute": reads between the creates neither count nor are limited', () => {
    const mock = createMock({ scenario: scenario('{ per_minute: 2, endpoints: [create] }') })
    const first = create(mock)
    expect(first.status).toBe(202)
    for (let poll = 0; poll < 5; poll++) {
      const polled = read(mock, idOf(first))
      expect(polled.status).toBe(200)
      expect(polled.headers?.['X-RateLimit-Remaining']).toBeUndefined()
    }
    expect(usage(mock).status).toBe(200)
    expect(create(mock).status).toBe(202)
    const third = create(mock)
    expect(third.status).toBe(429)
    expect(third.headers).toMatchObject({ 'Retry-After': '60', 'X-RateLimit-Limit': '2', 'X-RateLimit-Remaining': '0' })
    mock.clock.advance('60s')
    expect(create(mock).status).toBe(202)
  })

  it('keeps one window for every endpoint when the scenario names none (the real service)', () => {
    const mock = createMock({ scenario: scenario('{ per_minute: 2 }') })
    const first = create(mock)
    expect(read(mock, idOf(first)).status).toBe(200)
    expect(create(mock).status).toBe(429)
  })
})

describe('a rate limit in real time on a fast auto clock (real_time)', () => {
  const fast = '{ mode: auto, speed: 60, start: "2026-01-01T00:00:00.000Z" }'

  it('allows per_minute requests a real minute and says Retry-After in real seconds', () => {
    let wall = 1_000_000
    const mock = createMock({ scenario: scenario('{ per_minute: 2, real_time: true }', fast), wallNow: () => wall })
    expect(create(mock).status).toBe(202)
    wall += 5_000 // 5 real seconds: 5 minutes of this clock
    expect(create(mock).status).toBe(202)
    const refused = create(mock)
    expect(refused.status).toBe(429)
    expect(refused.headers).toMatchObject({ 'Retry-After': '55', 'X-RateLimit-Reset': '55' })
    wall += 55_000
    expect(create(mock).status).toBe(202)
  })

  it('counts clock minutes without it: at speed 60 a window lasts one real second', () => {
    let wall = 1_000_000
    const mock = createMock({ scenario: scenario('{ per_minute: 2 }', fast), wallNow: () => wall })
    create(mock)
    create(mock)
    expect(create(mock).headers).toMatchObject({ 'Retry-After': '60' })
    wall += 1_000
    expect(create(mock).status).toBe(202)
  })

  it('is refused on a manual clock, which has no real time to count', () => {
    const parsed = parseScenario(scenario('{ per_minute: 2, real_time: true }'), 'real.yaml')
    expect(parsed.ok ? [] : parsed.errors.map(formatScenarioError)).toEqual([
      "real.yaml:3:52: service.rate_limit.real_time: real_time needs clock.mode: auto (it counts real minutes against the clock's speed); " +
        "on a manual clock the window is the clock's minute, which moves only when told",
    ])
  })
})
