import { describe, expect, it } from 'vitest'
import { decideFault, newFaultCounters, type FaultRequest } from '../../src/domain/faults.js'
import type { Endpoint, Fault } from '../../src/domain/types.js'

const request = (endpoint: Endpoint, apiKey = 'k'): FaultRequest => ({ endpoint, apiKey, taskType: null })

function decide(faults: Fault[], requests: FaultRequest[], seed = 1): Array<string | null> {
  const counters = newFaultCounters(faults)
  return requests.map((r) => {
    const { action } = decideFault(faults, counters, seed, r)
    return action === null ? null : Object.keys(action)[0]!
  })
}

describe('decideFault', () => {
  it('matches every endpoint, asset included, with endpoint any or none', () => {
    const endpoints: Endpoint[] = ['create', 'get_task', 'usage', 'asset']
    expect(
      decide(
        [{ match: { endpoint: 'any' }, action: { drop: true } }],
        endpoints.map((e) => request(e)),
      ),
    ).toEqual(['drop', 'drop', 'drop', 'drop'])
    expect(
      decide(
        [{ match: { endpoint: 'asset' }, action: { delayMs: 5 } }],
        endpoints.map((e) => request(e)),
      ),
    ).toEqual([null, null, null, 'delayMs'])
  })

  it('fires only on the nth matching request, and at most `times`', () => {
    const nth: Fault = { match: { endpoint: 'create', nth: 2 }, action: { drop: true } }
    expect(decide([nth], [request('create'), request('usage'), request('create'), request('create')])).toEqual([null, null, 'drop', null])
    const twice: Fault = { match: { times: 2 }, action: { respond: { status: 500 } } }
    expect(decide([twice], [request('create'), request('usage'), request('get_task')])).toEqual(['respond', 'respond', null])
  })

  it('lets a request that passes one fault meet the next one (first match wins)', () => {
    const faults: Fault[] = [
      { match: { endpoint: 'create', times: 1 }, action: { respond: { status: 500 } } },
      { match: { endpoint: 'create', times: 1 }, action: { drop: true } },
    ]
    expect(decide(faults, [request('create'), request('create'), request('create')])).toEqual(['respond', 'drop', null])
  })

  it('counts nth over every matching request, those an earlier fault answered included', () => {
    const faults: Fault[] = [
      { match: { endpoint: 'get_task', nth: 2 }, action: { stale: true } },
      { match: { endpoint: 'get_task', nth: 4 }, action: { respond: { status: 502 } } },
    ]
    const reads = Array.from({ length: 5 }, () => request('get_task'))
    expect(decide(faults, reads)).toEqual([null, 'stale', null, 'respond', null])
  })

  it('never lets a stale fault meet a create or an asset, nor count them', () => {
    const stale: Fault = { match: { nth: 2 }, action: { stale: true } }
    const requests = [request('create'), request('asset'), request('get_task'), request('usage'), request('get_task')]
    expect(decide([stale], requests)).toEqual([null, null, null, 'stale', null])
  })

  it('draws probabilities from the seed: the same pattern every run, different across seeds', () => {
    const faults: Fault[] = [{ match: { probability: 0.3 }, action: { respond: { status: 503 } } }]
    const requests = Array.from({ length: 200 }, () => request('get_task'))
    const first = decide(faults, requests, 7)
    expect(decide(faults, requests, 7)).toEqual(first)
    expect(decide(faults, requests, 8)).not.toEqual(first)
    const fired = first.filter((action) => action !== null).length
    expect(fired).toBeGreaterThan(40)
    expect(fired).toBeLessThan(80)
  })

  it('filters by api_key and task_type', () => {
    const faults: Fault[] = [{ match: { api_key: 'a', task_type: 'music' }, action: { drop: true } }]
    const requests: FaultRequest[] = [
      { endpoint: 'create', apiKey: 'a', taskType: 'music' },
      { endpoint: 'create', apiKey: 'b', taskType: 'music' },
      { endpoint: 'create', apiKey: 'a', taskType: 'lyrics' },
    ]
    expect(decide(faults, requests)).toEqual(['drop', null, null])
  })
})
