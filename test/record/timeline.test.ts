/** Sightings → timeline steps: time separates statuses where it can, reads (polls) where it cannot. */
import { describe, expect, it } from 'vitest'
import type { Sighting, TaskHistory } from '../../src/record/session.js'
import { timelineOf } from '../../src/record/timeline.js'

const DAY = 24 * 3_600_000
const created = (at = 0): Sighting => ({ at, status: 'pending', read: false })
const read = (at: number, status: Sighting['status']): Sighting => ({ at, status, read: true })
const task = (seen: Sighting[], final: TaskHistory['final'] = null): TaskHistory => ({ key: 'k', type: 'music', sourceId: 'src', createdAt: 0, seen, final })
const steps = (history: TaskHistory) => timelineOf(history, DAY).steps

describe('timelineOf', () => {
  it('changes status halfway between the last old and the first new sighting, rounded up', () => {
    expect(steps(task([created(), read(10_000, 'pending'), read(20_001, 'running'), read(30_000, 'success')]))).toEqual([
      { status: 'pending', for: '15s1ms' },
      { status: 'running', for: '10s' }, // until 25001: halfway from 20001 to 30000, rounded up
      { status: 'success' },
    ])
    // One ms apart: the change sits on the later sighting, never on the earlier one.
    expect(steps(task([created(), read(1, 'running'), read(2, 'failure')], { status: 'failure', at: null, error: 'boom', output: null }))[0]).toEqual({
      status: 'pending',
      for: '1ms',
    })
  })

  it('ends at the instant the task says it ended when that lies between the sightings', () => {
    const seen = [created(), read(10_000, 'running'), read(20_000, 'running'), read(30_000, 'failure')]
    expect(steps(task(seen, { status: 'failure', at: 27_500, error: 'model crashed', output: null }))).toEqual([
      { status: 'pending', for: '5s' },
      { status: 'running', for: '22s500ms' },
      { status: 'failure', error: 'model crashed' },
    ])
    // A completed_at outside (clock skew) is not believed: halfway instead.
    expect(steps(task(seen, { status: 'failure', at: 45_000, error: 'x', output: null }))[1]).toEqual({ status: 'running', for: '20s' })
  })

  it('uses the number of reads when statuses were seen at one instant (a manual clock never moved)', () => {
    expect(steps(task([created(), read(0, 'pending'), read(0, 'running'), read(0, 'running'), read(0, 'success')]))).toEqual([
      { status: 'pending', polls: 1 },
      { status: 'running', polls: 2 },
      { status: 'success' },
    ])
    // Mixed: the first change by time, the second by reads at the instant of the last read.
    expect(steps(task([created(), read(5_000, 'running'), read(8_000, 'running'), read(8_000, 'success')]))).toEqual([
      { status: 'pending', for: '2s500ms' },
      { status: 'running', polls: 2 },
      { status: 'success' },
    ])
  })

  it('keeps a task never seen final in its last status for a day, then times out', () => {
    const written = timelineOf(task([created(), read(4_000, 'running')]), DAY)
    expect(written.steps).toEqual([{ status: 'pending', for: '2s' }, { status: 'running', for: '24h' }, { status: 'timeout' }])
    expect(written.summary).toBe('pending from +0s (0 reads), running from +4s, never seen final')
  })

  it('ends a task that ended unread at its end, or just after its last read', () => {
    expect(steps(task([created(), read(2_000, 'running')], { status: 'timeout', at: 60_000, error: null, output: null }))).toEqual([
      { status: 'pending', for: '1s' },
      { status: 'running', for: '59s' },
      { status: 'timeout' },
    ])
    // Forced at the instant of its last read: one ms later, so that read still saw it running.
    expect(steps(task([created(), read(2_000, 'running')], { status: 'success', at: 2_000, error: null, output: null }))[1]).toEqual({
      status: 'running',
      for: '1s1ms',
    })
    // Final at the instant it was created (the 202 says pending all the same).
    expect(steps(task([created()], { status: 'failure', at: 0, error: 'bad input', output: null }))).toEqual([
      { status: 'pending', for: '0s' },
      { status: 'failure', error: 'bad input' },
    ])
  })

  it('replays a status seen again later, and ignores reads after the final one', () => {
    expect(steps(task([created(), read(10, 'running'), read(20, 'pending'), read(30, 'running'), read(40, 'success'), read(50, 'failure')]))).toEqual([
      { status: 'pending', for: '5ms' },
      { status: 'running', for: '10ms' },
      { status: 'pending', for: '10ms' },
      { status: 'running', for: '10ms' },
      { status: 'success' },
    ])
  })

  it('carries the output over without ids and media URLs', () => {
    const output = {
      taskId: 'upstream-id',
      status: 'completed',
      result: [{ id: 'clip-1', audio_url: 'https://cdn/x.mp3', image_url: 'https://cdn/x.png', title: 'Rain', duration: 181.5, tags: 'lofi' }],
    }
    expect(steps(task([created(), read(10, 'success')], { status: 'success', at: null, error: null, output }))[1]).toEqual({
      status: 'success',
      output: { status: 'completed', result: [{ title: 'Rain', duration: 181.5, tags: 'lofi' }] },
    })
  })
})
