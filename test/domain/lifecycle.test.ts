import { describe, expect, it } from 'vitest'
import { advance, nextTimedTransition, startPosition, type Position } from '../../src/domain/lifecycle.js'
import type { Step } from '../../src/domain/types.js'

const byReads: Step[] = [{ status: 'pending', polls: 1 }, { status: 'running', polls: 2 }, { status: 'success' }]
const byTime: Step[] = [
  { status: 'pending', forMs: 5_000 },
  { status: 'running', forMs: 30_000 },
  { status: 'failure', error: 'x' },
]
const both: Step[] = [{ status: 'pending', polls: 3, forMs: 10_000 }, { status: 'success' }]

function readsAt(steps: Step[], times: number[], deadline: number | null = null): Position[] {
  let at = startPosition(steps, 0)
  return times.map((now) => (at = advance(steps, at, now, deadline, true)))
}

describe('advance', () => {
  it('shows a polls step to exactly that many reads', () => {
    expect(readsAt(byReads, [1, 2, 3, 4, 5]).map((p) => p.status)).toEqual(['pending', 'running', 'running', 'success', 'success'])
  })

  it('completes at the read that finds the final step', () => {
    expect(readsAt(byReads, [1, 2, 3, 4]).at(-1)).toMatchObject({ status: 'success', completedAt: 4 })
  })

  it('leaves a for step at the exact instant its time is up, however late the read', () => {
    const [first, second, third] = readsAt(byTime, [4_999, 5_000, 99_000])
    expect(first!.status).toBe('pending')
    expect(second).toMatchObject({ status: 'running', enteredAt: 5_000 })
    expect(third).toMatchObject({ status: 'failure', completedAt: 35_000 })
  })

  it('leaves a step with polls and for at whichever comes first', () => {
    expect(readsAt(both, [1, 2, 3, 4]).map((p) => p.status)).toEqual(['pending', 'pending', 'pending', 'success'])
    expect(readsAt(both, [1, 10_000]).map((p) => p.status)).toEqual(['pending', 'success'])
  })

  it('turns an unfinished task into timeout at its deadline, unless it finished earlier', () => {
    expect(readsAt(byTime, [700_000], 60_000).at(-1)).toMatchObject({ status: 'failure', completedAt: 35_000 })
    expect(readsAt(byTime, [700_000], 20_000).at(-1)).toMatchObject({ status: 'timeout', completedAt: 20_000 })
    expect(readsAt(byReads, [1, 20_000], 20_000).at(-1)).toMatchObject({ status: 'timeout', completedAt: 20_000 })
  })

  it('moves by reads only on reads', () => {
    const at = readsAt(byReads, [1])[0]!
    expect(advance(byReads, at, 2, null, false)).toEqual(at)
  })

  it('never changes a final position', () => {
    const done = readsAt(byReads, [1, 2, 3, 4]).at(-1)!
    expect(advance(byReads, done, 1e9, 0, true)).toBe(done)
  })

  it('reports the next clock-driven transition', () => {
    const start = startPosition(byTime, 0)
    expect(nextTimedTransition(byTime, start, 3_000)).toBe(3_000)
    expect(nextTimedTransition(byTime, start, null)).toBe(5_000)
    expect(nextTimedTransition(byReads, startPosition(byReads, 0), null)).toBeNull()
  })
})
