/**
 * The world: the only mutable state of the fake. Accounts with their ledgers, tasks with
 * their timeline positions, rule and fault counters. Pure of I/O: time comes from the
 * injected clock, randomness from the scenario seed.
 */
import type { Clock } from './clock.js'
import { decideFault, newFaultCounters, type FaultCounters, type FaultRequest } from './faults.js'
import { Journal } from './journal.js'
import { charge, freeze, openLedger, refund, topUp, usageOf, type CreditEvent, type Ledger } from './ledger.js'
import { advance, startPosition, type Position } from './lifecycle.js'
import { clipsOf, generateOutput, mergeOverride, type TaskOutput } from './outputs.js'
import { createRng, deriveSeed } from './random.js'
import type { RateWindows } from './rate-window.js'
import { chooseTimeline, newRuleCounters, type RuleCounters } from './rules.js'
import type { FaultAction, FinalStatus, MusicMode, Scenario, Step, TaskType } from './types.js'

export interface Account {
  readonly apiKey: string
  readonly ledger: Ledger
  readonly events: CreditEvent[]
  /** Clip ids this account has received in outputs: a concat or continuation may name them. */
  readonly clips: Set<string>
  /** Tasks not yet final, for clock-driven transitions when the account is looked at. */
  readonly unfinished: Set<Task>
}

export interface Task {
  readonly id: string
  readonly apiKey: string
  /** 1-based position of this task among its account's tasks. */
  readonly ordinal: number
  readonly seed: number
  readonly type: TaskType
  readonly model: string
  readonly mode: MusicMode | null
  readonly input: Readonly<Record<string, unknown>>
  readonly creditsCost: number
  readonly createdAt: number
  readonly deadline: number | null
  readonly timeline: string
  readonly steps: readonly Step[]
  /** Index of the scenario rule that chose the timeline, or null for the default. */
  readonly rule: number | null
  position: Position
  /** Every read by the owner, over the task's whole life. */
  reads: number
  output: TaskOutput | null
  error: string | null
}

/** A clip some task's output holds: what serving its media file needs. */
export interface ClipRecord {
  readonly taskId: string
  readonly apiKey: string
  readonly duration: unknown
}

export interface WorldOptions {
  /** Where requests are recorded; default: a journal on the world's clock. */
  journal?: Journal
}

/** A create request that has passed validation. */
export interface TaskRequest {
  type: TaskType
  model: string
  mode: MusicMode | null
  /** The effective model version of a music task (default applied); null otherwise. */
  mv: string | null
  input: Readonly<Record<string, unknown>>
}

export type CreateOutcome =
  | { ok: true; task: Task }
  | { ok: false; error: { kind: 'insufficient_credits'; available: number; required: number } }
  | { ok: false; error: { kind: 'store_full'; capacity: number } }

export type ForceOutcome =
  | { ok: true; task: Task }
  | { ok: false; error: { kind: 'task_not_found' } | { kind: 'already_final'; status: FinalStatus } }

/** The clip a concat or continuation names, if the task type has one. */
function referencedClip(request: TaskRequest): string | null {
  if (request.type === 'concat') return String(request.input['clip_id'])
  if (request.mode === 'continuation') return String(request.input['continue_clip_id'])
  return null
}

/** The timeline's steps, with a successful end replaced by a failure (a clip the account never received). */
function endingInFailure(steps: readonly Step[], error: string): Step[] {
  const last = steps[steps.length - 1]!
  return last.status === 'success' ? [...steps.slice(0, -1), { status: 'failure', error }] : [...steps]
}

export class World {
  readonly scenario: Scenario
  readonly clock: Clock
  readonly accounts = new Map<string, Account>()
  readonly tasks = new Map<string, Task>()
  /** Per-key request windows of the rate limit (service.rate_limit). */
  readonly rateWindows: RateWindows = new Map()
  /** Every clip in an output, by clip id (the asset routes serve their files). */
  readonly clipIndex = new Map<string, ClipRecord>()
  readonly journal: Journal
  /** The clock when the world began: where an export's clock starts (src/record). */
  readonly startedAt: number
  #rules: RuleCounters
  #faults: FaultCounters

  constructor(scenario: Scenario, clock: Clock, options: WorldOptions = {}) {
    this.scenario = scenario
    this.clock = clock
    this.startedAt = clock.now()
    this.journal = options.journal ?? new Journal({ now: () => clock.now() })
    this.#rules = newRuleCounters(scenario.rules)
    this.#faults = newFaultCounters(scenario.faults)
    for (const { apiKey, credits } of scenario.accounts) this.addAccount(apiKey, credits)
  }

  /** A request to the public API arrived: the clock moves on by the scenario's tick, if it has one. */
  tick(): void {
    this.clock.tick?.()
  }

  account(apiKey: string): Account | undefined {
    return this.accounts.get(apiKey)
  }

  /** Opens an account; its starting credits count as a top-up. Replaces nothing: false if the key exists. */
  addAccount(apiKey: string, credits: number): boolean {
    if (this.accounts.has(apiKey)) return false
    const account: Account = {
      apiKey,
      ledger: openLedger(0),
      events: [],
      clips: new Set(),
      unfinished: new Set(),
    }
    this.accounts.set(apiKey, account)
    this.topUp(account, credits)
    return true
  }

  topUp(account: Account, credits: number): void {
    topUp(account.ledger, credits)
    account.events.push({ kind: 'top_up', credits, at: this.clock.now() })
  }

  create(account: Account, request: TaskRequest): CreateOutcome {
    const price = this.scenario.service.prices[request.type]
    const now = this.clock.now()
    const capacity = this.scenario.service.maxTasks
    if (this.tasks.size >= capacity) return { ok: false, error: { kind: 'store_full', capacity } }
    if (!freeze(account.ledger, price)) {
      return { ok: false, error: { kind: 'insufficient_credits', available: account.ledger.available, required: price } }
    }
    const ordinal = account.ledger.tasks_created
    const seed = deriveSeed(this.scenario.seed, account.apiKey, ordinal)
    const rng = createRng(seed)
    const id = rng.uuid()
    const facts = { ...request, apiKey: account.apiKey }
    const chosen = chooseTimeline(this.scenario.rules, this.#rules, facts, rng.next(), this.scenario.defaultTimeline)
    const clip = referencedClip(request)
    const steps =
      clip !== null && !account.clips.has(clip)
        ? endingInFailure(chosen.timeline.steps, `Clip "${clip}" not found: it is not a clip this account has received`)
        : chosen.timeline.steps
    const timeoutAfter = this.scenario.service.timeoutAfterMs
    const task: Task = {
      id,
      apiKey: account.apiKey,
      ordinal,
      seed,
      type: request.type,
      model: request.model,
      mode: request.mode,
      input: request.input,
      creditsCost: price,
      createdAt: now,
      deadline: timeoutAfter === null ? null : now + timeoutAfter,
      timeline: chosen.timeline.name,
      steps,
      rule: chosen.rule,
      position: startPosition(steps, now),
      reads: 0,
      output: null,
      error: null,
    }
    this.tasks.set(id, task)
    account.events.push({ kind: 'freeze', credits: price, task_id: id, at: now })
    account.unfinished.add(task)
    this.#settle(account, task)
    return { ok: true, task }
  }

  /** The owner's read: the task moves on (upstream is asked), then is returned. Another key's task is `undefined`. */
  read(account: Account, taskId: string): Task | undefined {
    const task = this.tasks.get(taskId)
    if (task === undefined || task.apiKey !== account.apiKey) return undefined
    task.reads += 1
    this.#move(account, task, true)
    return task
  }

  /** Applies what clock time makes due (step durations, timeouts) to the account's unfinished tasks. */
  look(account: Account): void {
    for (const task of account.unfinished) this.#move(account, task, false)
  }

  usage(account: Account): ReturnType<typeof usageOf> {
    this.look(account)
    return usageOf(account.ledger)
  }

  /** Ends an unfinished task now with the given final status, with the ledger effects of that status. */
  force(taskId: string, status: FinalStatus, error?: string): ForceOutcome {
    const task = this.tasks.get(taskId)
    if (task === undefined) return { ok: false, error: { kind: 'task_not_found' } }
    const account = this.accounts.get(task.apiKey)!
    this.#move(account, task, false)
    if (task.position.completedAt !== null) {
      return { ok: false, error: { kind: 'already_final', status: task.position.status as FinalStatus } }
    }
    const now = this.clock.now()
    task.position = { step: task.position.step, enteredAt: now, reads: 0, status, completedAt: now }
    this.#settle(account, task, status === 'failure' ? (error ?? 'Task failed (forced)') : undefined)
    return { ok: true, task }
  }

  /** The rule and fault counters (`nth`, `times`), for saving the world; copies. */
  counters(): { rules: RuleCounters; faults: FaultCounters } {
    return {
      rules: { matched: [...this.#rules.matched], taken: [...this.#rules.taken] },
      faults: { matched: [...this.#faults.matched], fired: [...this.#faults.fired] },
    }
  }

  /** Puts saved counters back; their lengths must match this scenario's rules and faults. */
  restoreCounters(saved: { rules: RuleCounters; faults: FaultCounters }): void {
    this.#rules = { matched: [...saved.rules.matched], taken: [...saved.rules.taken] }
    this.#faults = { matched: [...saved.faults.matched], fired: [...saved.faults.fired] }
  }

  fault(request: FaultRequest): FaultAction | null {
    if (this.scenario.faults.length === 0) return null
    return decideFault(this.scenario.faults, this.#faults, this.scenario.seed, request)
  }

  #move(account: Account, task: Task, read: boolean): void {
    if (task.position.completedAt !== null) return
    task.position = advance(task.steps, task.position, this.clock.now(), task.deadline, read)
    this.#settle(account, task)
  }

  /** Applies the ledger effect and output of a task that has just reached a final status. */
  #settle(account: Account, task: Task, forcedError?: string): void {
    const { status, completedAt } = task.position
    if (completedAt === null) return
    account.unfinished.delete(task)
    const step = task.steps[task.position.step]
    if (status === 'success') {
      charge(account.ledger, task.creditsCost)
      account.events.push({ kind: 'charge', credits: task.creditsCost, task_id: task.id, at: completedAt })
      const generated = generateOutput({ seed: task.seed, type: task.type, mode: task.mode, input: task.input })
      const override = step?.status === 'success' ? step.output : undefined
      task.output = (override === undefined ? generated : mergeOverride(generated, override)) as TaskOutput
      for (const clip of clipsOf(task.output)) {
        account.clips.add(clip.id)
        this.clipIndex.set(clip.id, { taskId: task.id, apiKey: account.apiKey, duration: clip.duration })
      }
      return
    }
    refund(account.ledger, task.creditsCost)
    account.events.push({ kind: 'refund', credits: task.creditsCost, task_id: task.id, at: completedAt })
    if (status === 'failure') task.error = forcedError ?? (step?.status === 'failure' ? step.error : 'Task failed')
  }
}
