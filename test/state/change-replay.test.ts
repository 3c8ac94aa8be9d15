import { replayChange } from '../../src/domain/world-replay.js'
import { describe, expect, it } from 'vitest'
import { createTask, getTask, getUsage } from '../support/api-calls.js'
import type { WorldChange } from '../../src/domain/world.js'
import { createMock, type Mock } from '../../src/mock/create-mock.js'
import { snapshotWorld } from '../../src/state/snapshot.js'

const SCENARIO = `
version: 1
seed: 3
service: { rate_limit: { per_minute: 1000 } }
accounts: [{ api_key: a, credits: 500 }, { api_key: b, credits: 40 }]
timelines:
  default: [{ status: pending, polls: 1 }, { status: running, for: 30s }, { status: success }]
  bad: [{ status: pending, polls: 1 }, { status: failure, error: nope }]
rules:
  - match: { task_type: lyrics, nth: 2 }
    timeline: bad
faults:
  - match: { endpoint: usage, probability: 0.5 }
    respond: { status: 503 }
`
const ORIGIN = 'http://127.0.0.1'
const body = (type: string, input: Record<string, unknown>) => JSON.stringify({ model: 'music-model', task_type: type, input })

/** A busy session: creates, reads, usage (faults), forced ends, top-ups, a reset key, clock moves. */
function session(mock: Mock): void {
  const ids: string[] = []
  const create = (key: string, text: string) => {
    const answer = createTask(mock.world, { apiKey: key, origin: ORIGIN, contentType: 'application/json', body: text }).response!
    if (answer.status === 202) ids.push((JSON.parse(answer.body) as { data: { task_id: string } }).data.task_id)
  }
  for (let i = 0; i < 6; i++) {
    create('a', body('music', { gpt_description_prompt: `p${i}` }))
    create('a', body('lyrics', { prompt: `l${i}` }))
    create('b', body('upload', { url: `https://example.com/${i}.wav` }))
    for (const id of ids) getTask(mock.world, { apiKey: id.length % 2 ? 'a' : 'b', origin: ORIGIN }, id)
    getUsage(mock.world, { apiKey: 'a', origin: ORIGIN })
    mock.clock.advance('20s')
  }
  mock.tasks.force(ids[0]!, 'failure', 'forced')
  mock.accounts.topUp('b', 7)
  mock.accounts.reset('b')
  mock.accounts.create('c', 9)
  create('b', body('upload', { url: 'https://example.com/again.wav' }))
  mock.accounts.remove('c')
}

describe('the durable log', () => {
  it('replays into the same world: every change is recorded, in order, at its clock reading', () => {
    const original = createMock({ scenario: SCENARIO })
    const changes: WorldChange[] = []
    original.world.observe({ changed: (change) => changes.push(JSON.parse(JSON.stringify(change)) as WorldChange) })
    session(original)
    const replayed = createMock({ scenario: SCENARIO })
    for (const change of changes) replayChange(replayed.world, change)
    replayed.clock.set(original.clock.now())
    expect(changes.length).toBeGreaterThan(50)
    expect(snapshotWorld(replayed.world, new Date(0))).toEqual(snapshotWorld(original.world, new Date(0)))
  })
})
