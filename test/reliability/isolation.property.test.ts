/**
 * Isolation, as a property: whatever one key does to another key's tasks (reads of their ids,
 * guessed ids), (1) it learns nothing — each answer is byte-identical to the answer for an id
 * that never existed — and (2) it changes nothing: the owner sees byte-identical answers to a
 * run in which those foreign requests were never sent.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createTask, getTask, getUsage } from '../support/api-calls.js'
import { createMock } from '../../src/mock/create-mock.js'
import { fuzzRuns } from '../support/long.js'

const SCENARIO = `
version: 1
seed: 5
accounts:
  - { api_key: a, credits: 10000 }
  - { api_key: b, credits: 10000 }
  - { api_key: c, credits: 10000 }
timelines:
  default:
    - { status: pending, polls: 2, for: 20s }
    - { status: running, polls: 2 }
    - { status: success }
`
const KEYS = ['a', 'b', 'c'] as const
type Key = (typeof KEYS)[number]

type Op =
  { kind: 'create'; key: Key } | { kind: 'read'; key: Key; task: number; foreign: boolean } | { kind: 'usage'; key: Key } | { kind: 'advance'; ms: number }

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), key: fc.constantFrom(...KEYS) }),
  fc.record({ kind: fc.constant('read' as const), key: fc.constantFrom(...KEYS), task: fc.nat(30), foreign: fc.boolean() }),
  fc.record({ kind: fc.constant('usage' as const), key: fc.constantFrom(...KEYS) }),
  fc.record({ kind: fc.constant('advance' as const), ms: fc.integer({ min: 0, max: 15_000 }) }),
)

const ORIGIN = 'http://127.0.0.1:4010'
const body = JSON.stringify({ model: 'music-model', task_type: 'lyrics', input: { prompt: 'p' } })

/** Runs the ops; foreign reads (a key reading a task it does not own) are sent only when `withForeign`. */
function run(ops: readonly Op[], withForeign: boolean): { owner: string[]; foreign: Array<[string, string]> } {
  const mock = createMock({ scenario: SCENARIO })
  const tasks: Array<{ id: string; owner: Key }> = []
  const owner: string[] = []
  const foreign: Array<[string, string]> = []
  for (const step of ops) {
    const world = mock.world
    if (step.kind === 'create') {
      const outcome = createTask(world, { apiKey: step.key, origin: ORIGIN, contentType: 'application/json', body })
      const text = outcome.response!.body
      owner.push(text)
      tasks.push({ id: (JSON.parse(text) as { data: { task_id: string } }).data.task_id, owner: step.key })
    } else if (step.kind === 'read' && tasks.length > 0) {
      const task = tasks[step.task % tasks.length]!
      const reader = step.foreign ? KEYS.find((key) => key !== task.owner)! : task.owner
      if (reader === task.owner) {
        owner.push(getTask(world, { apiKey: reader, origin: ORIGIN }, task.id).response!.body)
      } else if (withForeign) {
        const answer = getTask(world, { apiKey: reader, origin: ORIGIN }, task.id).response!
        const missingId = `${task.id.slice(0, -1)}${task.id.endsWith('0') ? '1' : '0'}`
        const missing = getTask(world, { apiKey: reader, origin: ORIGIN }, missingId).response!
        foreign.push([answer.body.replace(task.id, '<id>'), missing.body.replace(missingId, '<id>')])
        expect(answer.status).toBe(404)
      }
    } else if (step.kind === 'usage') {
      owner.push(`${step.key}:${getUsage(world, { apiKey: step.key, origin: ORIGIN }).response!.body}`)
    } else if (step.kind === 'advance') {
      mock.clock.advance(step.ms)
    }
  }
  return { owner, foreign }
}

describe('isolation between keys (property)', () => {
  it("never lets a key learn of or move another key's task", () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const withForeign = run(ops, true)
        const without = run(ops, false)
        expect(withForeign.owner).toEqual(without.owner)
        for (const [answer, missing] of withForeign.foreign) expect(answer).toBe(missing)
      }),
      { numRuns: fuzzRuns(40, 1000) },
    )
  })
})
