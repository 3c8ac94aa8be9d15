/**
 * The client report: from the journal, per key and per task, what the client did that the spec
 * forbids or that costs it (report-rules.ts). Keys are shown as their labels; the report is
 * plain JSON data. At scale it is read by its groups (one per rule and key, with how many
 * violations and how many distinct requests): a request that breaks two rules, or sits in two
 * overlapping windows, is counted once in every total.
 */
import type { JournalEntry } from './journal.js'
import { maskKey } from './mask.js'
import {
  duplicateCreates,
  repeatsAfter401,
  REPORT_RULES,
  retriesAfter402,
  retryAfterIgnored,
  taskFindings,
  type Finding,
  type ReportRule,
} from './report-rules.js'
import { isFinal, type TaskStatus } from './types.js'

export interface Violation {
  rule: ReportRule
  api_key: string
  task_id: string | null
  /** How many requests broke the rule. */
  count: number
  /** Journal sequence numbers of those requests (and of the answer they ignored, for Retry-After). */
  requests: number[]
  message: string
}

export interface TaskSummary {
  task_id: string
  /** Whether the create of this task is in the journal. */
  created: boolean
  reads: number
  /** The last status a 200 read showed; null when never read. */
  last_status: TaskStatus | null
  read_to_final: boolean
  /** Shortest time between two reads, in ms; null with fewer than two reads. */
  shortest_gap_ms: number | null
  violations: number
}

export interface KeySummary {
  api_key: string
  requests: number
  /** Requests per HTTP status (`dropped` for connections the fake closed). */
  statuses: Record<string, number>
  violations: number
  /** Distinct requests of this key that broke a rule (one that broke two counts once). */
  requests_in_violation: number
  tasks: TaskSummary[]
}

/** The violations of one rule by one key: how many, and how many distinct requests broke the rule. */
export interface ReportGroup {
  rule: ReportRule
  api_key: string
  violations: number
  requests: number
}

export interface ClientReport {
  /** True when there is no violation. */
  ok: boolean
  requests: number
  journal: { recorded: number; dropped: number; capacity: number; complete: boolean }
  /** Violations per rule. */
  counts: Record<ReportRule, number>
  /** Distinct requests that broke a rule (one that broke two counts once). */
  requests_in_violation: number
  /** Per rule (in REPORT_RULES order), then per key (in order of first request). */
  groups: ReportGroup[]
  violations: Violation[]
  keys: KeySummary[]
}

export interface ReportSource {
  entries: readonly JournalEntry[]
  recorded: number
  dropped: number
  capacity: number
  /** How a key is shown (World.keyLabel); default `maskKey`. */
  label?: (apiKey: string | null) => string
}

/** The requests of a finding that broke its rule: all but the answer whose Retry-After was ignored. */
const broke = (finding: Finding): JournalEntry[] => (finding.rule === 'retry_after_ignored' ? finding.entries.slice(1) : finding.entries)

function groupBy<K>(entries: readonly JournalEntry[], keyOf: (entry: JournalEntry) => K | undefined): Map<K, JournalEntry[]> {
  const groups = new Map<K, JournalEntry[]>()
  for (const entry of entries) {
    const key = keyOf(entry)
    if (key === undefined) continue
    const group = groups.get(key)
    if (group === undefined) groups.set(key, [entry])
    else group.push(entry)
  }
  return groups
}

function summarizeTask(taskId: string, entries: readonly JournalEntry[], findings: readonly Finding[]): TaskSummary {
  const reads = entries.filter((entry) => entry.endpoint === 'get_task' && entry.status !== 401)
  const answered = reads.filter((read) => read.status === 200)
  const gaps = reads.slice(1).map((read, index) => read.pace - reads[index]!.pace)
  return {
    task_id: taskId,
    created: entries.some((entry) => entry.endpoint === 'create'),
    reads: reads.length,
    last_status: answered.at(-1)?.taskStatus ?? null,
    read_to_final: answered.some((read) => read.taskStatus !== null && isFinal(read.taskStatus)),
    shortest_gap_ms: gaps.length === 0 ? null : Math.round(gaps.reduce((a, b) => Math.min(a, b))),
    violations: findings.length,
  }
}

interface KeyResult {
  summary: KeySummary
  violations: Violation[]
  groups: ReportGroup[]
  /** Sequence numbers of this key's requests that broke a rule. */
  broken: Set<number>
}

function summarizeKey(shown: string, entries: readonly JournalEntry[], only: ReportRule | undefined): KeyResult {
  const kept = (found: Finding[]) => (only === undefined ? found : found.filter((finding) => finding.rule === only))
  const findings: Finding[] = kept([...repeatsAfter401(entries), ...retryAfterIgnored(entries), ...retriesAfter402(entries), ...duplicateCreates(entries)])
  const tasks: TaskSummary[] = []
  const byTask = groupBy(entries, (entry) => (entry.status === 401 ? undefined : (entry.taskId ?? undefined)))
  for (const [taskId, taskEntries] of byTask) {
    const own = kept(taskFindings(taskId, taskEntries))
    findings.push(...own)
    tasks.push(summarizeTask(taskId, taskEntries, own))
  }
  const statuses: Record<string, number> = {}
  for (const entry of entries) {
    const status = entry.status === null ? 'dropped' : String(entry.status)
    statuses[status] = (statuses[status] ?? 0) + 1
  }
  const violations = findings.map((finding) => ({
    rule: finding.rule,
    api_key: shown,
    task_id: finding.taskId,
    count: broke(finding).length,
    requests: finding.entries.map((entry) => entry.seq),
    message: finding.message,
  }))
  const broken = new Set<number>()
  const groups: ReportGroup[] = []
  for (const rule of REPORT_RULES) {
    const own = findings.filter((finding) => finding.rule === rule)
    if (own.length === 0) continue
    const seqs = new Set(own.flatMap((finding) => broke(finding).map((entry) => entry.seq)))
    for (const seq of seqs) broken.add(seq)
    groups.push({ rule, api_key: shown, violations: own.length, requests: seqs.size })
  }
  const summary = { api_key: shown, requests: entries.length, statuses, violations: violations.length, requests_in_violation: broken.size, tasks }
  return { summary, violations, groups, broken }
}

/** What a report may be narrowed to: one key (a parallel test worker's own; null: requests without one), one rule. */
export interface ReportFilter {
  apiKey?: string | null
  rule?: ReportRule
}

/** The report over the journal's public API requests (downloads are in the journal, not judged). */
export function buildReport(source: ReportSource, filter: ReportFilter = {}): ClientReport {
  const entries = source.entries.filter((entry) => entry.endpoint !== 'asset' && (filter.apiKey === undefined || entry.apiKey === filter.apiKey))
  const label = source.label ?? maskKey
  const keys: KeySummary[] = []
  const violations: Violation[] = []
  const byKey: ReportGroup[] = []
  let broken = 0
  for (const [apiKey, keyEntries] of groupBy(entries, (entry) => entry.apiKey)) {
    const found = summarizeKey(label(apiKey), keyEntries, filter.rule)
    keys.push(found.summary)
    violations.push(...found.violations)
    byKey.push(...found.groups)
    broken += found.broken.size // keys share no request
  }
  violations.sort((a, b) => a.requests[0]! - b.requests[0]!)
  const counts = Object.fromEntries(REPORT_RULES.map((rule) => [rule, 0])) as Record<ReportRule, number>
  for (const violation of violations) counts[violation.rule] += 1
  const groups = REPORT_RULES.flatMap((rule) => byKey.filter((group) => group.rule === rule))
  return {
    ok: violations.length === 0,
    requests: entries.length,
    journal: { recorded: source.recorded, dropped: source.dropped, capacity: source.capacity, complete: source.dropped === 0 },
    counts,
    requests_in_violation: broken,
    groups,
    violations,
    keys,
  }
}
