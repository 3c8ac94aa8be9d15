/**
 * Records each public API request and its outcome in the world's journal: the last step of the
 * api layer's pipeline (public-api.ts, asset-api.ts), so every door that calls it (msw handlers
 * in-process, express, the node:http fast path) records the same journal.
 */
import type { JournalRecord } from '../domain/journal.js'
import type { World } from '../domain/world.js'
import type { Outcome } from './request.js'

/** A journal record without its answer. */
export type JournalEntry = Omit<JournalRecord, 'status' | 'retryAfterMs' | 'delayMs' | 'fault'>

function header(headers: Readonly<Record<string, string>> | undefined, name: string): string | undefined {
  if (headers === undefined) return undefined
  for (const key of Object.keys(headers)) if (key.toLowerCase() === name) return headers[key]
  return undefined
}

/** Retry-After in ms: delay-seconds, or an HTTP date relative to the fake's clock; null when absent or unreadable. */
export function retryAfterMs(value: string | undefined, now: number): number | null {
  if (value === undefined) return null
  const text = value.trim()
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000)
  const date = Date.parse(text)
  return Number.isNaN(date) ? null : Math.max(0, date - now)
}

/** Completes `base` with the answer and records it (fields written out: spreads are slow on this hot path). */
export function record(
  world: World,
  base: JournalEntry,
  status: number | null,
  delayMs: number,
  headers: Readonly<Record<string, string>> | undefined,
  fault: JournalRecord['fault'] = null,
): void {
  world.journal.record({
    method: base.method,
    path: base.path,
    endpoint: base.endpoint,
    apiKey: base.apiKey,
    taskId: base.taskId,
    taskType: base.taskType,
    status,
    taskStatus: base.taskStatus,
    retryAfterMs: headers === undefined ? null : retryAfterMs(header(headers, 'retry-after'), world.clock.now()),
    delayMs,
    fingerprint: base.fingerprint,
    credits: base.credits,
    fault,
  })
}

/** Records a public API request: `entry` says what was asked, `outcome` how it was answered. */
export function recordOutcome(world: World, entry: JournalEntry, outcome: Outcome): void {
  const fault = outcome.fault === undefined ? null : (outcome.fault ?? 'none')
  record(world, entry, outcome.drop ? null : outcome.response.status, outcome.delayMs, outcome.response?.headers, fault)
}
