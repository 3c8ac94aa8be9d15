/**
 * The admin journal: its pages, filtered by key (whole or as masked), endpoint, status or status
 * class, task and text; and one entry with its headers and bodies, as a browser's devtools show
 * a request (`GET /__admin/journal/{seq}`).
 */
import type { Exchange } from '../domain/exchange.js'
import type { Journal, JournalEntry } from '../domain/journal.js'
import type { ReportRule } from '../domain/report-rules.js'
import type { MockHandle } from '../handle/mock-handle.js'
import { notFound } from './admin-error.js'
import { nearMissViews, type NearMissView } from './counter-views.js'
import { check, journalQuery } from './admin-schemas.js'
import { keyOfFilter } from './key-filter.js'
import { clientReport } from './report-view.js'
import { entryView, type JournalEntryView } from './views.js'

export interface JournalPage {
  /** Entries that match the filters (before `limit`). */
  total: number
  recorded: number
  dropped: number
  capacity: number
  /** Newest first. */
  entries: JournalEntryView[]
}

/** One entry with what was sent and answered; `exchange` null when it went past the memory bound. */
export interface JournalEntryDetail extends JournalEntryView {
  exchange: Exchange | null
  /** The faults (and on a create the rules) that almost applied, with the field that differed. */
  near_misses: NearMissView[]
}

export const DEFAULT_JOURNAL_LIMIT = 100

type Filter = ReturnType<typeof journalQuery.parse>

function statusMatches(wanted: Filter['status'], status: number | null): boolean {
  if (wanted === undefined) return true
  if (typeof wanted === 'number') return status === wanted
  if (wanted === 'dropped') return status === null
  return status !== null && Math.floor(status / 100) === Number(wanted[0])
}

/** The entry holds `text`: in its path, task id, cause, or kept headers and bodies. */
function contains(journal: Journal, entry: JournalEntry, text: string): boolean {
  const needle = text.toLowerCase()
  const summary = `${entry.path} ${entry.taskId ?? ''} ${entry.status ?? 'dropped'} ${JSON.stringify(entry.cause ?? '')}`
  if (summary.toLowerCase().includes(needle)) return true
  const exchange = journal.exchange(entry.seq)
  return exchange !== null && JSON.stringify(exchange).toLowerCase().includes(needle)
}

export function journalPage(host: MockHandle, query: unknown): JournalPage {
  const filter = check(journalQuery, query, 'query')
  const { world } = host
  const { journal } = world
  const key = filter.api_key === undefined ? undefined : keyOfFilter(world, filter.api_key)
  const behind = filter.rule === undefined ? null : violationRequests(host, filter.rule, filter.api_key, filter.task_id)
  const matching = journal
    .entries()
    .filter(
      (entry) =>
        (filter.api_key === undefined || (key !== undefined && entry.apiKey === key)) &&
        (filter.endpoint === undefined || entry.endpoint === filter.endpoint) &&
        statusMatches(filter.status, entry.status) &&
        (filter.task_id === undefined || entry.taskId === filter.task_id) &&
        (filter.seq === undefined || filter.seq.has(entry.seq)) &&
        (behind === null || behind.has(entry.seq)) &&
        (filter.q === undefined || filter.q === '' || contains(journal, entry, filter.q)),
    )
    .reverse()
  const limit = filter.limit ?? DEFAULT_JOURNAL_LIMIT
  return {
    total: matching.length,
    recorded: journal.recorded,
    dropped: journal.dropped,
    capacity: journal.capacity,
    entries: matching.slice(filter.offset ?? 0, (filter.offset ?? 0) + limit).map((entry) => entryView(entry, world)),
  }
}

/** Sequence numbers of the requests behind the report's violations of `rule` (of one key, of one task). */
function violationRequests(host: MockHandle, rule: ReportRule, apiKey: string | undefined, taskId: string | undefined): Set<number> {
  const report = clientReport(host, apiKey === undefined ? { rule } : { rule, api_key: apiKey })
  const seqs = new Set<number>()
  for (const violation of report.violations) if (taskId === undefined || violation.task_id === taskId) for (const seq of violation.requests) seqs.add(seq)
  return seqs
}

export function journalEntry(host: MockHandle, seqText: string): JournalEntryDetail {
  const { world } = host
  const { journal } = world
  const seq = /^\d{1,15}$/.test(seqText) ? Number(seqText) : NaN
  const entry = journal.entries().find((candidate) => candidate.seq === seq)
  if (entry === undefined) throw notFound(`No journal entry ${JSON.stringify(seqText)}: the journal holds entries ${journalRange(journal)}`)
  return { ...entryView(entry, world), exchange: journal.exchange(entry.seq), near_misses: nearMissViews(world, entry.trace?.misses ?? []) }
}

function journalRange(journal: Journal): string {
  const entries = journal.entries()
  return entries.length === 0 ? 'none yet' : `${entries[0]!.seq} to ${entries.at(-1)!.seq}`
}
