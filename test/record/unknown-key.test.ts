/**
 * A key the upstream refused with 401 on every request it sent is not an account in the replay:
 * the replaying fake answers it 401 itself, on create and on usage alike. Before, it became
 * `recorded-key-N` with 0 credits (402 on create, 200 on usage after one positional 401).
 */
import { describe, expect, it } from 'vitest'
import { Recording, type Exchange } from '../../src/record/recording.js'
import { scenarioOf, writeScenario } from '../../src/record/write-scenario.js'
import { parseScenario } from '../../src/scenario/index.js'

const json = (status: number, body: unknown): Exchange['response'] => ({ status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
const exchange = (at: number, apiKey: string, method: string, path: string, response: Exchange['response']): Exchange => ({
  at,
  method,
  path,
  apiKey,
  contentType: method === 'POST' ? 'application/json' : null,
  body: method === 'POST' ? JSON.stringify({ model: 'm', task_type: 'lyrics', input: { prompt: 'p' } }) : '',
  response,
})
const created = json(202, { code: 202, data: { task_id: 't1', type: 'lyrics', status: 'pending', credits_charged: 5, created_at: '2026-01-01T00:00:00.000Z' } })
const invalid = json(401, { code: 401, message: 'Invalid API key' })
const meta = { upstream: 'u', wallNow: 0 }

describe('a key the upstream never accepted', () => {
  it('has no account and no positional 401s: the replay answers it 401 by itself', () => {
    const recording = new Recording()
    recording.add(exchange(0, 'good-key-1234', 'POST', '/api/v1/task', created))
    recording.add(exchange(1, 'bad-key-5678', 'POST', '/api/v1/task', invalid))
    recording.add(exchange(2, 'bad-key-5678', 'GET', '/api/v1/account/usage', invalid))
    const { file } = scenarioOf(recording.session(meta))
    expect(file['accounts']).toEqual([{ api_key: 'recorded-key-1', credits: 5 }])
    expect(file['faults']).toEqual([])
    const yaml = writeScenario(recording.session(meta))
    expect(yaml).toContain('recorded-key-2 was answered 401 on each of its 2 request(s): it has no account')
    const parsed = parseScenario(yaml, 'r.yaml')
    expect(parsed.ok && [...parsed.scenario.accounts.map((account) => account.apiKey)]).toEqual(['recorded-key-1'])
  })

  it('a key accepted before it was refused (revoked mid-session) keeps its account and its 401 at its position', () => {
    const recording = new Recording()
    recording.add(exchange(0, 'revoked-key-1', 'POST', '/api/v1/task', created))
    recording.add(exchange(1, 'revoked-key-1', 'GET', '/api/v1/account/usage', invalid))
    const { file } = scenarioOf(recording.session(meta))
    expect(file['accounts']).toEqual([{ api_key: 'recorded-key-1', credits: 5 }])
    expect(file['faults']).toEqual([{ match: { endpoint: 'usage', api_key: 'recorded-key-1', nth: 1 }, respond: { status: 401, message: 'Invalid API key' } }])
  })
})
