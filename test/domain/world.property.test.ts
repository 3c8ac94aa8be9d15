/**
 * Property: whatever the sequence of creates, reads (own and foreign), forced endings and
 * clock moves, after every step the credit invariant holds on every account, each task's
 * freeze has ended in at most one charge or refund (exactly one once final), and no task
 * ever moves backwards or changes after its final status.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ManualClock } from '../../src/domain/clock.js'
import { ledgerViolations } from '../../src/domain/ledger.js'
import { isFinal, TASK_STATUSES, type TaskStatus } from '../../src/domain/types.js'
import { World, type TaskRequest } from '../../src/domain/world.js'
import { domainScenario, T0, timeline } from '../support/domain-scenario.js'

const KEYS = ['a', 'b'] as const
const REQUESTS: TaskRequest[] = [
  { type: 'music', model: 'music-model', mode: 'description', mv: 'voice-v4', input: { gpt_description_prompt: 'x' } },
  { type: 'lyrics', model: 'music-model', mode: null, mv: null, input: { prompt: 'x' } },
  { type: 'upload', model: 'music-model', mode: null, mv: null, input: { url: 'https://x' } },
  { type: 'concat', model: 'music-model', mode: null, mv: null, input: { clip_id: 'unknown' } },
]

const command = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), key: fc.constantFrom(...KEYS), request: fc.constantFrom(...REQUESTS) }),
  fc.record({ kind: fc.constant('read' as const), key: fc.constantFrom(...KEYS), task: fc.nat(40) }),
  fc.record({ kind: fc.constant('advance' as const), ms: fc.integer({ min: 0, max: 120_000 }) }),
  fc.record({ kind: fc.constant('usage' as const), key: fc.constantFrom(...KEYS) }),
  fc.record({ kind: fc.constant('force' as const), task: fc.nat(40), status: fc.constantFrom('success' as const, 'failure' as const, 'timeout' as const) }),
)

const rank = (status: TaskStatus): number => Math.min(TASK_STATUSES.indexOf(status), 2)

describe('World (property)', () => {
  it('keeps the credit invariant and never moves a task backwards', () => {
    const scenario = domainScenario({
      service: { ...domainScenario().service, timeoutAfterMs: 180_000 },
      rules: [
        {
          match: { task_type: 'lyrics' },
          timeline: timeline('timed', { status: 'pending', forMs: 20_000 }, { status: 'running', polls: 2, forMs: 60_000 }, { status: 'failure', error: 'e' }),
        },
        {
          match: { task_type: 'upload' },
          oneOf: [
            { weight: 1, timeline: timeline('ok', { status: 'success' }) },
            { weight: 1, timeline: timeline('slow', { status: 'running', forMs: 500_000 }, { status: 'success' }) },
          ],
        },
      ],
    })
    fc.assert(
      fc.property(fc.array(command, { maxLength: 80 }), (commands) => {
        const clock = new ManualClock(T0)
        const world = new World(scenario, clock)
        const ids: string[] = []
        const last = new Map<string, string>()
        for (const step of commands) {
          if (step.kind === 'create') {
            const created = world.create(world.account(step.key)!, step.request)
            if (created.ok) ids.push(created.task.id)
          } else if (step.kind === 'read' && ids.length > 0) {
            world.read(world.account(step.key)!, ids[step.task % ids.length]!)
          } else if (step.kind === 'advance') {
            clock.advance(step.ms)
          } else if (step.kind === 'usage') {
            world.usage(world.account(step.key)!)
          } else if (step.kind === 'force' && ids.length > 0) {
            world.force(ids[step.task % ids.length]!, step.status)
          }
          for (const account of world.accounts.values()) {
            expect(ledgerViolations(account.ledger)).toEqual([])
            const ends = new Map<string, number>()
            for (const event of account.events) {
              if (event.kind === 'charge' || event.kind === 'refund') ends.set(event.task_id!, (ends.get(event.task_id!) ?? 0) + 1)
            }
            for (const task of world.tasks.values()) {
              if (task.apiKey !== account.apiKey) continue
              expect(ends.get(task.id) ?? 0).toBe(isFinal(task.position.status) ? 1 : 0)
            }
          }
          for (const task of world.tasks.values()) {
            const snapshot = JSON.stringify([task.position, task.output, task.error])
            const before = last.get(task.id)
            if (before !== undefined) {
              const [position] = JSON.parse(before) as [{ status: TaskStatus; completedAt: number | null }]
              expect(rank(task.position.status)).toBeGreaterThanOrEqual(rank(position.status))
              if (position.completedAt !== null) expect(snapshot).toBe(before)
            }
            last.set(task.id, snapshot)
          }
        }
      }),
      { numRuns: 200 },
    )
  })
})
