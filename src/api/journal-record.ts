/**
 * Records each public API request and its outcome in the world's journal. Called by the api
 * functions themselves (public-api.ts, asset-api.ts), so every door that calls them (msw
 * handlers in-process, express, any faster HTTP path) records the same journal.
 */
import { hash53 } from '../domain/random.js'
import type { JournalRecord } from '../domain/journal.js'
import type { World } from '../domain/world.js'
import type { ApiRequest, BodyRequest, Outcome } from './public-api.js'

type Base = Omit<JournalRecord, 'status' | 'retryAfterMs' | 'delayMs' | 'fault'>

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
  base: Base,
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

function recordOutcome(world: World, base: Base, outcome: Outcome): void {
  const fault = outcome.fault === undefined ? null : (outcome.fault ?? 'none')
  record(world, base, outcome.drop ? null : outcome.response.status, outcome.delayMs, outcome.response?.headers, fault)
}

/** Wraps Create Task: the balance before, the body's fingerprint, the created task's id. */
export function journalCreate(world: World, request: BodyRequest, answer: () => Outcome): Outcome {
  const account = request.apiKey === null ? undefined : world.account(request.apiKey)
  const credits = account === undefined ? null : { available: account.ledger.available, toppedUp: account.ledger.topped_up }
  const outcome = answer()
  const created = outcome.response?.created
  const taskId = created?.id ?? null
  const taskType = created?.type ?? null
  const fingerprint = typeof request.body === 'string' ? hash53(request.body) : null
  const base: Base = { method: 'POST', path: '/api/v1/task', endpoint: 'create', apiKey: request.apiKey, taskId, taskType, taskStatus: null, fingerprint, credits }
  recordOutcome(world, base, outcome)
  return outcome
}

/** Wraps Get Task: the status the answer showed. */
export function journalGetTask(world: World, request: ApiRequest, taskId: string, answer: () => Outcome): Outcome {
  const outcome = answer()
  const task = outcome.response?.status === 200 ? world.tasks.get(taskId) : undefined
  const base: Base = {
    method: 'GET',
    path: `/api/v1/task/${taskId}`,
    endpoint: 'get_task',
    apiKey: request.apiKey,
    taskId,
    taskType: task?.type ?? null,
    taskStatus: task?.position.status ?? null,
    fingerprint: null,
    credits: null,
  }
  recordOutcome(world, base, outcome)
  return outcome
}

export function journalUsage(world: World, request: ApiRequest, answer: () => Outcome): Outcome {
  const outcome = answer()
  const base: Base = { method: 'GET', path: '/api/v1/account/usage', endpoint: 'usage', apiKey: request.apiKey, taskId: null, taskType: null, taskStatus: null, fingerprint: null, credits: null }
  recordOutcome(world, base, outcome)
  return outcome
}
