/**
 * The upstream's clock against the recorder's. A real service's timestamps move with the wall
 * clock, and the replay runs on an auto clock at speed 1. A fake upstream may run its clock
 * faster (an auto clock at speed 60, a manual clock that ticks 10 s per request) or not at all:
 * then a 40 s task passes in 0.4 s of wall time, and a replay on the wall's time line would say
 * 0.4 s. The rate seen in the upstream's own timestamps (created_at of successive tasks,
 * completed_at − created_at of each) becomes the replay clock's speed, and every sighting is laid
 * on the upstream's time line, so the replay's timestamps keep the upstream's durations.
 */
import { isFinal } from '../domain/types.js'
import type { TaskHistory } from './session.js'

/** The auto clock's speed limits (schema: greater than 0, at most 1000000). */
const SLOWEST = 0.001
const FASTEST = 1_000_000

export interface ClockSample {
  /** The recorder's clock, ms. */
  wall: number
  /** The upstream's clock at that moment (a created_at), or a duration (completed_at − created_at) for `durations`. */
  upstream: number
}

/**
 * Upstream ms per wall ms: from the creations (first and last by wall time) when they are apart
 * in wall time, else from the tasks' durations against the wall time until their end was seen.
 * 1 when the two agree within a factor of 2 (poll granularity and network time); 0 when the
 * upstream's clock did not move at all; else the rate to 2 significant digits.
 */
export function upstreamRate(creations: readonly ClockSample[], durations: readonly ClockSample[]): number {
  let rate: number | null = null
  const sorted = creations.toSorted((a, b) => a.wall - b.wall)
  const [earliest, latest] = [sorted[0], sorted[sorted.length - 1]]
  if (earliest !== undefined && latest !== undefined && latest.wall > earliest.wall)
    rate = (latest.upstream - earliest.upstream) / (latest.wall - earliest.wall)
  if (rate === null) {
    const wall = durations.reduce((sum, sample) => sum + sample.wall, 0)
    if (wall > 0) rate = durations.reduce((sum, sample) => sum + sample.upstream, 0) / wall
    else if (durations.length > 0 && durations.every((sample) => sample.upstream === 0)) rate = 0
  }
  if (rate === null || !Number.isFinite(rate) || rate < 0 || (rate >= 0.5 && rate <= 2)) return 1
  if (rate === 0) return 0
  return Math.min(FASTEST, Math.max(SLOWEST, Number(rate.toPrecision(2))))
}

/**
 * The task on the upstream's time line: its instants `first + (t − first) × rate`, and, when
 * the upstream said how long it took, its end at exactly that duration (sightings of the final
 * status not before it, earlier ones before it), so the replay's completed_at − created_at is the
 * upstream's.
 */
export function onUpstreamTime(task: TaskHistory, took: number | null, first: number, rate: number): TaskHistory {
  const scale = (at: number): number => first + Math.round((at - first) * rate)
  const createdAt = scale(task.createdAt)
  const endedAt = took === null ? null : createdAt + took
  const seen = task.seen.map((sighting) => {
    let at = Math.max(createdAt, scale(sighting.at))
    if (endedAt !== null && sighting.read) at = isFinal(sighting.status) ? Math.max(at, endedAt) : Math.min(at, Math.max(createdAt, endedAt - 1))
    return { ...sighting, at }
  })
  return { ...task, createdAt, seen, final: task.final === null ? null : { ...task.final, at: endedAt } }
}
