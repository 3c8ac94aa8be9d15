/**
 * The client report's rules: each looks at one key's journal entries (oldest first) and returns
 * what that client did against the spec or against its own interest. Times are `pace` times.
 */
import type { JournalEntry } from './journal.js'
import { isFinal } from './types.js'

export const REPORT_RULES = [
  'poll_too_fast',
  'read_after_final',
  'never_read_to_final',
  'retry_after_402',
  'repeat_after_401',
  'retry_after_ignored',
  'duplicate_create',
] as const
export type ReportRule = (typeof REPORT_RULES)[number]

/** The spec: "do not poll more often than once per second". */
export const MIN_POLL_GAP_MS = 1_000
/** Two identical creates closer than this are reported as a possible double charge. */
export const DUPLICATE_WINDOW_MS = 1_000

/** A finding before the key is masked: the entries involved, and what to tell the client team. */
export interface Finding {
  rule: ReportRule
  taskId: string | null
  entries: JournalEntry[]
  message: string
}

const isApi = (entry: JournalEntry): boolean => entry.endpoint !== 'asset'
/** One unit per quantity, in every view: a gap between requests in ms, a Retry-After in seconds (its header's unit). */
const ms = (value: number): string => `${Math.round(value)} ms`
const seconds = (value: number): string => `${Number((value / 1000).toFixed(3))} s`

/** Requests with a key already answered 401: retrying does not make a key valid. */
export function repeatsAfter401(entries: readonly JournalEntry[]): Finding[] {
  const rejected = entries.filter((entry) => isApi(entry) && entry.status === 401)
  if (rejected.length < 2) return []
  const repeats = rejected.slice(1)
  const message = `${repeats.length} request(s) repeated with a key already answered 401 (first at #${rejected[0]!.seq}): a missing or invalid key stays invalid; stop and fix the key`
  return [{ rule: 'repeat_after_401', taskId: null, entries: repeats, message }]
}

/**
 * Requests sent before the Retry-After of an earlier answer had passed. Windows that overlap (an
 * early request answered with a Retry-After of its own, as a client hammering a rate limit gets)
 * make one violation: each request is counted once, with the first answer it ignored.
 */
export function retryAfterIgnored(entries: readonly JournalEntry[]): Finding[] {
  const findings: Finding[] = []
  let open: { answer: JournalEntry; until: number; early: JournalEntry[] } | null = null
  const close = () => {
    if (open === null || open.early.length === 0) return
    const { answer, early } = open
    const first = early[0]!.pace - answer.pace
    const message = `${early.length} request(s) sent within the Retry-After of ${seconds(answer.retryAfterMs!)} given with ${answer.status} at #${answer.seq} (the first ${ms(first)} later): wait as long as Retry-After says`
    findings.push({ rule: 'retry_after_ignored', taskId: null, entries: [answer, ...early], message })
  }
  for (const entry of entries) {
    if (!isApi(entry)) continue
    const inside = open !== null && entry.pace < open.until
    if (inside) open!.early.push(entry)
    if (entry.retryAfterMs === null) continue
    const until = entry.pace + entry.retryAfterMs
    if (inside) open!.until = Math.max(open!.until, until)
    else {
      close()
      open = { answer: entry, until, early: [] }
    }
  }
  close()
  return findings
}

/** A create answered 402, then another create answered 402 with no top-up in between. */
export function retriesAfter402(entries: readonly JournalEntry[]): Finding[] {
  const creates = entries.filter((entry) => entry.endpoint === 'create' && entry.status === 402 && entry.credits !== null)
  const repeats = creates.filter((entry, index) => index > 0 && creates[index - 1]!.credits!.toppedUp === entry.credits!.toppedUp)
  if (repeats.length === 0) return []
  const message = `${repeats.length} create(s) retried after a 402 without a top-up, and answered 402 again (first retry #${repeats[0]!.seq}): top up or stop creating`
  return [{ rule: 'retry_after_402', taskId: null, entries: repeats, message }]
}

/** The same create body twice within a second, the first not refused with a 4xx: both may be charged. */
export function duplicateCreates(entries: readonly JournalEntry[]): Finding[] {
  const findings: Finding[] = []
  const last = new Map<number, JournalEntry>()
  for (const entry of entries) {
    if (entry.endpoint !== 'create' || entry.fingerprint === null) continue
    const before = last.get(entry.fingerprint)
    last.set(entry.fingerprint, entry)
    if (before === undefined || entry.pace - before.pace >= DUPLICATE_WINDOW_MS) continue
    if (before.status !== null && before.status >= 400 && before.status < 500) continue
    const shown = (e: JournalEntry): string => `#${e.seq} ${e.status === null ? 'dropped' : e.status}`
    const message = `the same create was sent twice ${ms(entry.pace - before.pace)} apart (${shown(before)}, ${shown(entry)}): the service has no idempotency key, so both may be charged; check the task list or usage before retrying a create`
    findings.push({ rule: 'duplicate_create', taskId: entry.taskId ?? before.taskId, entries: [before, entry], message })
  }
  return findings
}

/** Per task: reads closer than a second, reads after a final status, and creates never read to a final status. */
export function taskFindings(taskId: string, entries: readonly JournalEntry[]): Finding[] {
  const findings: Finding[] = []
  const reads = entries.filter((entry) => entry.endpoint === 'get_task' && entry.status !== 401)
  const fast = reads.filter((read, index) => index > 0 && read.pace - reads[index - 1]!.pace < MIN_POLL_GAP_MS)
  if (fast.length > 0) {
    const shortest = reads.reduce((min, read, index) => (index === 0 ? min : Math.min(min, read.pace - reads[index - 1]!.pace)), Infinity)
    const message = `${fast.length} read(s) less than 1 s after the previous one (shortest gap ${ms(shortest)}): the spec asks for a poll every 5 to 10 s, never more than once per second`
    findings.push({ rule: 'poll_too_fast', taskId, entries: fast, message })
  }
  const finalAt = reads.findIndex((read) => read.status === 200 && read.taskStatus !== null && isFinal(read.taskStatus))
  if (finalAt >= 0 && finalAt < reads.length - 1) {
    const after = reads.slice(finalAt + 1)
    const message = `${after.length} read(s) after the task reported ${reads[finalAt]!.taskStatus} at #${reads[finalAt]!.seq}: a final status never changes; stop polling`
    findings.push({ rule: 'read_after_final', taskId, entries: after, message })
  }
  const created = entries.find((entry) => entry.endpoint === 'create' && entry.status === 202)
  if (created !== undefined && finalAt < 0) {
    const seen = reads.filter((read) => read.status === 200).at(-1)?.taskStatus
    const message = `created at #${created.seq} but never read to a final status (${seen === undefined ? 'never read' : `last seen ${seen}`}): poll until success, failure or timeout`
    findings.push({ rule: 'never_read_to_final', taskId, entries: [created], message })
  }
  return findings
}
