/**
 * The admin control in-process: the same operations as `/__admin`, as methods with camelCase
 * options. Mistakes throw an AdminError with the status and message the HTTP API would answer.
 */
import type { ClientReport } from '../domain/report.js'
import type { ReportRule } from '../domain/report-rules.js'
import type { Endpoint, TaskStatus, TaskType } from '../domain/types.js'
import type { MockHandle } from '../handle/mock-handle.js'
import type { Har } from './har.js'
import * as ops from './operations.js'
import type { RunFile } from './run-file.js'
import { journalExport, journalHarExport, runExport, type JournalExport } from './share-view.js'
import type { AccountView, TaskView } from './views.js'

/**
 * Paging of `accounts.list` and `tasks.list`: `limit` 1 to 1000 items from `offset` (default 0).
 * Without `limit` an in-process list holds every item (over HTTP a page holds 100 by default).
 */
export interface PageRequest {
  limit?: number
  offset?: number
}

export interface MockAccounts {
  /** Accounts in creation order; every one unless `limit` is given. */
  list(page?: PageRequest): AccountView[]
  /** The full ledger of one account and its credit events. */
  get(apiKey: string): AccountView
  /** Opens an account; its credits count as a top-up. 409 (AdminError) when the key exists. */
  create(apiKey: string, credits: number): AccountView
  /** Adds credits (counted in credits_topped_up). */
  topUp(apiKey: string, credits: number): AccountView
  /** This key only: its tasks, events and journal entries go; it opens again with its opening credits (or `credits`). */
  reset(apiKey: string, credits?: number): AccountView
  remove(apiKey: string): void
}

export interface MockTasks {
  /** Tasks in creation order, filtered; every match unless `limit` is given. */
  /** `text`: part of the task's id or of its error (case-insensitive). */
  list(filter?: { apiKey?: string; status?: TaskStatus; type?: TaskType; text?: string } & PageRequest): TaskView[]
  /** One task with its timeline position, reads so far and next transition. */
  get(taskId: string): TaskView
  /** Ends an unfinished task now: success charges its credits, failure and timeout refund them. */
  force(taskId: string, status: 'success' | 'failure' | 'timeout', error?: string): TaskView
}

export interface JournalFilter {
  apiKey?: string
  endpoint?: Endpoint
  /** A status, or a class of them (`'4xx'`), or `'dropped'`. */
  status?: number | '1xx' | '2xx' | '3xx' | '4xx' | '5xx' | 'dropped'
  taskId?: string
  /** Text the path, task id, cause, headers or bodies contain. */
  text?: string
  /** The requests behind the client report's violations of this rule (of `apiKey`, of `taskId`). */
  rule?: ReportRule
  /** Default 100. */
  limit?: number
  /** Entries to skip, newest first (paging). */
  offset?: number
}

export interface MockControl {
  readonly accounts: MockAccounts
  readonly tasks: MockTasks
  /** The request journal, newest first. */
  journal(filter?: JournalFilter): ops.JournalPage
  /** Every scenario fault with its counters: matched, fired, the match it fires on next (`GET /__admin/faults`). */
  faults(): { faults: ops.FaultCounterView[] }
  /** Every scenario rule with its counters: matched, taken, the task it takes next (`GET /__admin/rules`). */
  rules(): { rules: ops.RuleCounterView[] }
  /** What the clients did wrong, per key and per task; `apiKey` (a key or its label) narrows it to one key, `rule` to one rule. */
  report(filter?: { apiKey?: string; rule?: ReportRule }): ClientReport
  health(): ops.Health
  /**
   * The world's history as a scenario (YAML) that replays it, as `GET /__admin/export` answers:
   * keys become `recorded-key-N` unless `keepKeys`.
   */
  export(options?: { keepKeys?: boolean }): string
  /** The journal with headers and bodies, oldest first, as `GET /__admin/journal.json`; URLs start at `baseUrl` (default `http://localhost`). */
  exportJournal(options?: { baseUrl?: string }): JournalExport
  /** The journal as HAR 1.2, as `GET /__admin/journal.har`. */
  exportHar(options?: { baseUrl?: string }): Har
  /** The run as one file (scenario, journal, report, a replaying scenario), as `GET /__admin/run`. */
  exportRun(options?: { baseUrl?: string }): RunFile
}

/** Leaves out the options not given, so the schemas see exactly what the caller passed. */
function wire(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined))
}

export function createControl(host: MockHandle): MockControl {
  return {
    accounts: {
      list: (page = {}) => ops.listAccounts(host, wire({ limit: page.limit, offset: page.offset })).items,
      get: (apiKey) => ops.getAccount(host, apiKey),
      create: (apiKey, credits) => ops.createAccount(host, { api_key: apiKey, credits }),
      topUp: (apiKey, credits) => ops.topUp(host, apiKey, { credits }),
      reset: (apiKey, credits) => ops.resetAccount(host, apiKey, wire({ credits })),
      remove: (apiKey) => void ops.removeAccount(host, apiKey),
    },
    tasks: {
      list: (filter = {}) =>
        ops.listTasks(
          host,
          wire({ api_key: filter.apiKey, status: filter.status, type: filter.type, q: filter.text, limit: filter.limit, offset: filter.offset }),
        ).items,
      get: (taskId) => ops.getTask(host, taskId),
      force: (taskId, status, error) => ops.forceTask(host, taskId, wire({ status, error })),
    },
    journal: (filter = {}) =>
      ops.journalPage(
        host,
        wire({
          api_key: filter.apiKey,
          endpoint: filter.endpoint,
          status: filter.status,
          task_id: filter.taskId,
          q: filter.text,
          rule: filter.rule,
          limit: filter.limit,
          offset: filter.offset,
        }),
      ),
    report: (filter = {}) => ops.clientReport(host, wire({ api_key: filter.apiKey, rule: filter.rule })),
    faults: () => ops.faultCounters(host.world),
    rules: () => ops.ruleCounters(host.world),
    health: () => ops.health(host),
    export: (options = {}) => ops.exportScenario(host, wire({ keys: options.keepKeys === true ? 'keep' : undefined })),
    exportJournal: (options = {}) => journalExport(host, options.baseUrl),
    exportHar: (options = {}) => journalHarExport(host, options.baseUrl),
    exportRun: (options = {}) => runExport(host, options.baseUrl),
  }
}
