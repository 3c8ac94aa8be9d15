/**
 * What the admin API shows of accounts, tasks and journal entries: plain JSON objects, the same
 * in-process and over HTTP. Keys are shown as given in account and task views (the caller names
 * them), as the world labels them in journal entries (the journal ends up in CI logs).
 */
import { iso } from '../api/respond.js'
import type { Cause } from '../domain/exchange.js'
import type { JournalEntry } from '../domain/journal.js'
import type { CreditEventKind } from '../domain/ledger.js'
import { usageOf } from '../domain/ledger.js'
import { nextTransition } from '../domain/next-transition.js'
import type { Step, TaskStatus } from '../domain/types.js'
import type { Account, Task, World } from '../domain/world.js'

export interface AccountView {
  api_key: string
  /** How the journal, the report and the inspector show this key (unique among the keys in play). */
  label: string
  available: number
  frozen: number
  spent: number
  topped_up: number
  tasks_created: number
  /** What Get account usage answers for this key. */
  usage: ReturnType<typeof usageOf>
  /** Oldest first. */
  events: Array<{ kind: CreditEventKind; credits: number; task_id: string | null; at: string }>
}

export interface TaskView {
  task_id: string
  api_key: string
  type: Task['type']
  model: string
  mode: Task['mode']
  status: TaskStatus
  credits_cost: number
  input: Readonly<Record<string, unknown>>
  /** Asset URLs are paths here (`/assets/audio/…`); Get Task makes them absolute. */
  output: unknown
  error: string | null
  created_at: string
  completed_at: string | null
  /** When an unfinished task turns into timeout; null: never. */
  deadline: string | null
  /** The timeline's name (`rules.2` for one written inside a rule) and the rule that chose it. */
  timeline: string
  rule: number | null
  /** The timeline's steps, in order: what moves each one on (`polls`, `for_ms`), and the final one's error. */
  steps: StepView[]
  /** Where the task stands: step index (0-based) of `steps`, entered at, owner reads in this step. */
  position: { step: number; steps: number; status: TaskStatus; entered_at: string; reads: number }
  /** Owner reads over the task's whole life. */
  reads: number
  /** What moves it next; null once final. */
  next_transition: {
    by_reads: { after: number; status: TaskStatus } | null
    by_time: { at: string; status: TaskStatus } | null
  } | null
}

export interface StepView {
  status: TaskStatus
  /** Owner reads that end this step; null when reads do not. */
  polls: number | null
  /** Clock time (ms) that ends this step; null when time does not. */
  for_ms: number | null
  /** A failure's message. */
  error: string | null
}

function stepView(step: Step): StepView {
  return {
    status: step.status,
    polls: 'polls' in step && step.polls !== undefined ? step.polls : null,
    for_ms: 'forMs' in step && step.forMs !== undefined ? step.forMs : null,
    error: step.status === 'failure' ? step.error : null,
  }
}

export interface JournalEntryView {
  seq: number
  /** The fake's clock. */
  at: string
  /** Real time. */
  wall: string
  method: string
  path: string
  endpoint: JournalEntry['endpoint']
  api_key: string
  task_id: string | null
  task_type: JournalEntry['taskType']
  /** HTTP status; null when the fake dropped the connection (a fault). */
  status: number | null
  task_status: TaskStatus | null
  retry_after_ms: number | null
  delay_ms: number
  /** Create: the balance before the request. */
  credits_before: { available: number; topped_up: number } | null
  /** Why the answer was what it was: a fault (index and line), the rate limit, the ledger, validation, auth; null for a normal answer. */
  cause: Cause | null
}

export function accountView(account: Account, world: Pick<World, 'keyLabel'>): AccountView {
  const { ledger } = account
  return {
    api_key: account.apiKey,
    label: world.keyLabel(account.apiKey),
    available: ledger.available,
    frozen: ledger.frozen,
    spent: ledger.spent,
    topped_up: ledger.topped_up,
    tasks_created: ledger.tasks_created,
    usage: usageOf(ledger),
    events: account.events.map((event) => ({ kind: event.kind, credits: event.credits, task_id: event.task_id ?? null, at: iso(event.at) })),
  }
}

export function taskView(task: Task): TaskView {
  const { position } = task
  const next = nextTransition(task)
  return {
    task_id: task.id,
    api_key: task.apiKey,
    type: task.type,
    model: task.model,
    mode: task.mode,
    status: position.status,
    credits_cost: task.creditsCost,
    input: task.input,
    output: position.status === 'success' ? task.output : null,
    error: position.status === 'failure' ? task.error : null,
    created_at: iso(task.createdAt),
    completed_at: position.completedAt === null ? null : iso(position.completedAt),
    deadline: task.deadline === null ? null : iso(task.deadline),
    timeline: task.timeline,
    rule: task.rule,
    steps: task.steps.map(stepView),
    position: { step: position.step, steps: task.steps.length, status: position.status, entered_at: iso(position.enteredAt), reads: position.reads },
    reads: task.reads,
    next_transition:
      next === null ? null : { by_reads: next.byReads, by_time: next.byTime === null ? null : { at: iso(next.byTime.at), status: next.byTime.status } },
  }
}

/** `world` labels the key (World.keyLabel): the label every view of that world shows. */
export function entryView(entry: JournalEntry, world: Pick<World, 'keyLabel'>): JournalEntryView {
  return {
    seq: entry.seq,
    at: iso(entry.at),
    wall: iso(entry.wall),
    method: entry.method,
    path: entry.path,
    endpoint: entry.endpoint,
    api_key: world.keyLabel(entry.apiKey),
    task_id: entry.taskId,
    task_type: entry.taskType,
    status: entry.status,
    task_status: entry.taskStatus,
    retry_after_ms: entry.retryAfterMs,
    delay_ms: entry.delayMs,
    credits_before: entry.credits === null ? null : { available: entry.credits.available, topped_up: entry.credits.toppedUp },
    cause: entry.cause,
  }
}
