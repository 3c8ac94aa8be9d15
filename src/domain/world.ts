/**
 * The world: the only mutable state of the fake. Accounts with their ledgers, tasks with
 * their timeline positions, rule and fault counters. Pure of I/O: time comes from the
 * injected clock, randomness from the scenario seed.
 */
import { HORIZON_MS, type Clock } from './clock.js'
import { DueQueue } from './due-queue.js'
import { EventLog } from './event-log.js'
import { decideFault, newFaultCounters, type FaultCounters, type FaultDecision, type FaultRequest } from './faults.js'
import { Journal } from './journal.js'
import { KeyLabels } from './key-labels.js'
import { charge, freeze, openLedger, refund, topUp, usageOf, type CreditEvent, type Ledger } from './ledger.js'
import { advance, nextTimedTransition, startPosition } from './lifecycle.js'
import { clipsOf } from './outputs.js'
import { createRng, deriveSeed, taskId, type WorldRealm } from './random.js'
import { admitRequest, limiterSpeed, RATE_WINDOW_MS, type RateDecision, type RateWindow, type RateWindows } from './rate-window.js'
import { chooseTimeline, newRuleCounters, type RuleCounters } from './rules.js'
import { StoredTask, type Task } from './stored-task.js'
import { taskType } from './task-types/index.js'
import type { Fired, Miss } from './trace.js'
import type { FinalStatus, TaskMode, Scenario, Step, TaskType } from './types.js'

export type { Task } from './stored-task.js'

/** An account as callers see it: read-only; only the world's methods change it. */
export interface Account {
  readonly apiKey: string
  readonly ledger: Readonly<Ledger>
  readonly events: readonly CreditEvent[]
  /** Clip ids this account has received in outputs: a concat or continuation may name them. */
  readonly clips: ReadonlySet<string>
}

/** The world's own record of an account: the same object, writable, with what only the world uses. */
class AccountState implements Account {
  readonly ledger: Ledger = openLedger(0)
  readonly log = new EventLog()
  /** Clip ids received, in the order received, each once: a list, not a Set (no hash entry per clip). */
  readonly clipIds: string[] = []
  /** Its tasks in creation order: what removing the account deletes, without a walk over every task. */
  readonly tasks: StoredTask[] = []
  /** Unfinished tasks that clock time alone will move, with the instant queued for each. */
  readonly waiting = new Map<StoredTask, number>()
  /** The same tasks by that instant (stale entries are skipped when they come out). */
  readonly due = new DueQueue<StoredTask>()

  constructor(readonly apiKey: string) {}

  /** Clip ids received, as a new Set on each read. */
  get clips(): ReadonlySet<string> {
    return new Set(this.clipIds)
  }

  /** Every credit event, oldest first: a new array of new objects on each read. */
  get events(): readonly CreditEvent[] {
    return this.log.slice()
  }
}

/** An account as saved (src/state): what `World.restore` rebuilds one from. */
export interface SavedAccount {
  readonly apiKey: string
  readonly ledger: Readonly<Ledger>
  readonly events: readonly CreditEvent[]
  readonly clips: Iterable<string>
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
  /** The boot epoch (decision 012): mixed into task ids when not 0. Default 0. */
  epoch?: number
  /** The named world of a server this is (decision 058): mixed into task ids, so no two worlds share one. */
  realm?: WorldRealm
}

/**
 * One change to the world, as a record that `replayChange` replays (world-replay.ts): the durable state mode
 * logs these (decision 013). `at` is the clock reading the change was made at.
 */
export type WorldChange =
  | { op: 'add_account'; at: number; apiKey: string; credits: number }
  | { op: 'top_up'; at: number; apiKey: string; credits: number }
  | { op: 'create'; at: number; apiKey: string; request: TaskRequest }
  | { op: 'read'; at: number; apiKey: string; taskId: string }
  | { op: 'look'; at: number; apiKey: string }
  | { op: 'force'; at: number; taskId: string; status: FinalStatus; error?: string }
  | { op: 'fault'; at: number; request: FaultRequest }
  | { op: 'admit'; at: number; apiKey: string; limit: number }
  | { op: 'remove_account'; at: number; apiKey: string }
  | { op: 'epoch'; at: number; epoch: number }

/** What a state keeper hears from the world. */
export interface WorldObserver {
  /** Before a stored task changes in place, and once a new one is stored: what the state keeper writes. */
  beforeTaskChange?(task: Task): void
  /** After every change, in order. */
  changed?(change: WorldChange): void
}

/** Everything a saved world holds (see src/state): what `World.restore` swaps in. */
export interface WorldContents {
  accounts: Iterable<SavedAccount>
  /** Saved tasks, plain data; the world keeps copies. */
  tasks: Iterable<Task>
  rateWindows: Iterable<[string, RateWindow]>
  counters: { rules: RuleCounters; faults: FaultCounters }
  incarnations: Iterable<[string, number]>
  epoch: number
}

/** A create request that has passed validation. */
export interface TaskRequest {
  type: TaskType
  model: string
  mode: TaskMode | null
  /** The effective model version of a music task (default applied); null otherwise. */
  mv: string | null
  input: Readonly<Record<string, unknown>>
}

export type CreateOutcome =
  /** `rule`: the rule that took the task and which of its matches it was (null: the default timeline); `misses`: rules that almost did. */
  | { ok: true; task: Task; rule: Fired | null; misses: Miss[] | null }
  | { ok: false; error: { kind: 'insufficient_credits'; available: number; required: number } }
  | { ok: false; error: { kind: 'store_full'; capacity: number } }

export type ForceOutcome = { ok: true; task: Task } | { ok: false; error: { kind: 'task_not_found' } | { kind: 'already_final'; status: FinalStatus } }

/** The clip a concat or continuation names, if the task type has one. */
function referencedClip(request: TaskRequest): string | null {
  return taskType(request.type).clipOf?.(request.input, request.mode) ?? null
}

/** The timeline's steps, with a successful end replaced by a failure (a clip the account never received). */
function endingInFailure(steps: readonly Step[], error: string): Step[] {
  const last = steps[steps.length - 1]!
  return last.status === 'success' ? [...steps.slice(0, -1), { status: 'failure', error }] : [...steps]
}

/** A world without faults decides nothing: one object for every request. */
const NO_FAULT: FaultDecision = Object.freeze({ action: null, fired: null, misses: null })

/** Stale entries a due queue may hold beyond its live ones before it is rebuilt from them. */
const STALE_SLACK = 64

export class World {
  readonly scenario: Scenario
  readonly clock: Clock
  readonly #accounts = new Map<string, AccountState>()
  readonly #tasks = new Map<string, StoredTask>()
  /** Per-key request windows of the rate limit (service.rate_limit). */
  readonly #rateWindows: RateWindows = new Map()
  /** The task whose output holds each clip, by clip id (the asset routes serve their files). */
  readonly #clipIndex = new Map<string, StoredTask>()
  /** Credits each account opened with: what a reset without credits goes back to. */
  readonly #openings = new Map<string, number>()
  readonly journal: Journal
  /** How keys are shown (journal, report, inspector): unique among the keys in play (key-labels.ts). */
  #labels: KeyLabels
  /** The clock when the world began: where an export's clock starts (src/record). */
  readonly startedAt: number
  #rules: RuleCounters
  #faults: FaultCounters
  /** Bumped by every change: what a state keeper compares to know whether to save. */
  #version = 0
  #epoch: number
  readonly #realm: WorldRealm | undefined
  /** Per key: how many times its account was removed (a reset removes it first). Ids mix it in. */
  readonly #incarnations = new Map<string, number>()
  #observer: WorldObserver = {}
  /** The clock reading of the change being replayed (`replaying`), instead of the live clock. */
  #pinnedNow: number | null = null
  /** The scenario's `clock.tick` (manual clocks; 0 = none): how far a create or an owner's read moves a task's own time. */
  readonly #tickMs: number

  constructor(scenario: Scenario, clock: Clock, options: WorldOptions = {}) {
    this.scenario = scenario
    this.clock = clock
    this.startedAt = clock.now()
    this.journal = options.journal ?? new Journal({ now: () => clock.now() })
    this.#rules = newRuleCounters(scenario.rules)
    this.#faults = newFaultCounters(scenario.faults)
    this.#epoch = options.epoch ?? 0
    this.#realm = options.realm
    this.#tickMs = scenario.clock.mode === 'manual' ? (scenario.clock.tickMs ?? 0) : 0
    this.#labels = new KeyLabels(scenario.accounts.map((account) => account.apiKey))
    for (const { apiKey, credits } of scenario.accounts) this.addAccount(apiKey, credits)
    this.#version = 0
  }

  /** Accounts by key, in creation order (read-only: the world's methods change them). */
  get accounts(): ReadonlyMap<string, Account> {
    return this.#accounts
  }

  /** The key as every view shows it: a mask no other key in play has, given once and kept (key-labels.ts). */
  keyLabel(apiKey: string | null): string {
    const label = this.#labels.label(apiKey)
    // Keys that are neither accounts nor in the journal any more (a client sending many keys) let their labels go.
    if (this.#labels.size > 2 * (this.#accounts.size + this.journal.capacity)) {
      const journaled = new Set(this.journal.entries().map((entry) => entry.apiKey))
      this.#labels.retain((key) => key === apiKey || this.#accounts.has(key) || journaled.has(key))
    }
    return label
  }

  /** The key a label names (a filter by label), if a key in play has it. */
  keyOfLabel(label: string): string | undefined {
    return this.#labels.keyOf(label)
  }

  /** Tasks by id, in creation order (read-only). */
  get tasks(): ReadonlyMap<string, Task> {
    return this.#tasks
  }

  /** Per-key request windows of the rate limit (read-only). */
  get rateWindows(): ReadonlyMap<string, Readonly<RateWindow>> {
    return this.#rateWindows
  }

  /** Every clip in an output, by clip id (read-only). */
  readonly clipIndex: Pick<ReadonlyMap<string, ClipRecord>, 'get'> = { get: (clipId) => this.clip(clipId) }

  /** A clip some task's output holds, or undefined. */
  clip(clipId: string): ClipRecord | undefined {
    const task = this.#clipIndex.get(clipId)
    if (task === undefined) return undefined
    const found = clipsOf(task.output!).find((clip) => clip.id === clipId)
    return { taskId: task.id, apiKey: task.apiKey, duration: found?.duration }
  }

  /** Changes since the world was made; every mutation bumps it. */
  get version(): number {
    return this.#version
  }

  get epoch(): number {
    return this.#epoch
  }

  /** How many times each key's account was removed or reset (saved with the state). */
  incarnations(): Map<string, number> {
    return new Map(this.#incarnations)
  }

  /** One observer at a time: the state keeper. */
  observe(observer: WorldObserver): void {
    this.#observer = observer
  }

  #now(): number {
    return this.#pinnedNow ?? this.clock.now()
  }

  #changed(change: WorldChange): void {
    this.#version += 1
    this.#observer.changed?.(change)
  }

  #touch(task: Task): void {
    this.#observer.beforeTaskChange?.(task)
  }

  /** The world's own record behind an account a caller holds. */
  #state(account: Account): AccountState {
    return account as AccountState
  }

  /** A new boot epoch: ids from now on differ from those of every earlier boot of a saved world. */
  setEpoch(epoch: number): void {
    this.#epoch = epoch
    this.#changed({ op: 'epoch', at: this.#now(), epoch })
  }

  /**
   * How far a task's own time is ahead of the world's clock (decision 038): one tick for its
   * place among its account's tasks (the key's nth task is created n ticks after the clock, or
   * later when its account had already logged something later: decision 062) and one for each
   * read by its owner. Only the task's own creation and reads move it.
   */
  #lead(task: Task): number {
    return (task.createdAhead ?? this.#tickMs * task.ordinal) + this.#tickMs * task.reads
  }

  /** The task's own time: the world's clock plus its lead, never past the horizon. */
  #timeOf(task: Task): number {
    return Math.min(this.#now() + this.#lead(task), HORIZON_MS)
  }

  /** The task's own time now, as its timeline sees it (admin views; decision 038). */
  timeOf(task: Task): number {
    return this.#timeOf(task)
  }

  account(apiKey: string): Account | undefined {
    return this.#accounts.get(apiKey)
  }

  task(taskId: string): Task | undefined {
    return this.#tasks.get(taskId)
  }

  /** The credits the key's account opened with (or was last reset to); undefined for an unknown key. */
  openingCredits(apiKey: string): number | undefined {
    return this.#accounts.has(apiKey) ? this.#openings.get(apiKey) : undefined
  }

  /**
   * The account's credit events `from` (inclusive) to `to` (exclusive) in the order they were
   * logged, without reading all of them: what a store appends (`account.events` is in time order).
   */
  eventsOf(account: Account, from = 0, to = Infinity): CreditEvent[] {
    return this.#state(account).log.logged(from, to)
  }

  /** The account's clip ids, in the order received (read-only; no copy). */
  clipsOf(account: Account): readonly string[] {
    return this.#state(account).clipIds
  }

  /**
   * Whether the account has received the clip: the clip index answers at once when the clip's
   * task is the account's; else the list is searched (a concat of a clip it never received, or
   * the same clip id in another account's output: a scenario override can fix clip ids).
   */
  #received(account: AccountState, clipId: string): boolean {
    return this.#clipIndex.get(clipId)?.apiKey === account.apiKey || account.clipIds.includes(clipId)
  }

  /** How many credit events the account has. */
  eventCount(account: Account): number {
    return this.#state(account).log.length
  }

  #open(apiKey: string): AccountState {
    const account = new AccountState(apiKey)
    this.#accounts.set(apiKey, account)
    return account
  }

  /** Opens an account; its starting credits count as a top-up. Replaces nothing: false if the key exists. */
  addAccount(apiKey: string, credits: number): boolean {
    if (this.#accounts.has(apiKey)) return false
    const account = this.#open(apiKey)
    this.#openings.set(apiKey, credits)
    topUp(account.ledger, credits)
    account.log.push({ kind: 'top_up', credits, at: this.#now() })
    this.#changed({ op: 'add_account', at: this.#now(), apiKey, credits })
    return true
  }

  topUp(account: Account, credits: number): void {
    const state = this.#state(account)
    this.look(account) // what clock time made due comes first in the ledger
    topUp(state.ledger, credits)
    // After everything the account already logged: with `tick`, its tasks' own times run ahead of the clock.
    state.log.push({ kind: 'top_up', credits, at: Math.max(this.#now(), state.log.latest) })
    this.#changed({ op: 'top_up', at: this.#now(), apiKey: account.apiKey, credits })
  }

  /**
   * Forgets the key's account and everything it did (tasks, clips, journal entries); false when
   * there is no such account. Its next account's task ids differ from this one's (incarnation).
   */
  removeAccount(apiKey: string): boolean {
    const account = this.#accounts.get(apiKey)
    if (account === undefined) return false
    for (const task of account.tasks) this.#tasks.delete(task.id)
    for (const clip of account.clipIds) if (this.#clipIndex.get(clip)?.apiKey === apiKey) this.#clipIndex.delete(clip)
    this.#accounts.delete(apiKey)
    this.#openings.delete(apiKey)
    this.#rateWindows.delete(apiKey)
    this.journal.removeKey(apiKey)
    this.#incarnations.set(apiKey, (this.#incarnations.get(apiKey) ?? 0) + 1)
    this.#changed({ op: 'remove_account', at: this.#now(), apiKey })
    return true
  }

  /**
   * The account as if just opened: no tasks, no events but the opening top-up, of `credits`, or
   * else of what it opened with (an account restored from a state file: its first top-up).
   * The credits used become its opening. False when there is no such account.
   */
  resetAccount(apiKey: string, credits?: number): boolean {
    const account = this.#accounts.get(apiKey)
    if (account === undefined) return false
    const firstTopUp = account.log.firstTopUp()
    const opening = credits ?? this.#openings.get(apiKey) ?? firstTopUp ?? 0
    this.removeAccount(apiKey)
    this.addAccount(apiKey, opening)
    return true
  }

  /** Counts a request of `apiKey` against its rate window (service.rate_limit). */
  admit(apiKey: string, limit: number): RateDecision {
    const decision = admitRequest(this.#rateWindows, apiKey, this.#now(), limit, RATE_WINDOW_MS * limiterSpeed(this.scenario))
    this.#changed({ op: 'admit', at: this.#now(), apiKey, limit })
    return decision
  }

  /** The input with a model version the scenario knows as the scenario's own string (one copy, not one per task). */
  #compactInput(input: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
    const mv = input['mv']
    if (typeof mv !== 'string') return input
    const known = this.scenario.service.versions.find((version) => version === mv)
    return known === undefined ? input : { ...input, mv: known }
  }

  /** The first id not taken for this task (never an existing task's: a create replaces nothing). */
  #newId(apiKey: string, ordinal: number): string {
    const inputs = {
      seed: this.scenario.seed,
      apiKey,
      ordinal,
      incarnation: this.#incarnations.get(apiKey) ?? 0,
      epoch: this.#epoch,
      attempt: 0,
      realm: this.#realm,
    }
    let id = taskId(inputs)
    while (this.#tasks.has(id)) id = taskId({ ...inputs, attempt: (inputs.attempt += 1) })
    return id
  }

  create(account: Account, request: TaskRequest): CreateOutcome {
    const state = this.#state(account)
    this.look(account) // refunds and charges due before now settle first: the balance is now's
    const price = this.scenario.service.prices[request.type]
    const now = this.#now()
    const capacity = this.scenario.service.maxTasks
    if (this.#tasks.size >= capacity) return { ok: false, error: { kind: 'store_full', capacity } }
    if (!freeze(state.ledger, price)) {
      return { ok: false, error: { kind: 'insufficient_credits', available: account.ledger.available, required: price } }
    }
    const ordinal = account.ledger.tasks_created
    // The key's nth task is created n ticks after the clock (decision 038): its own time starts
    // there; but not before a tick after what its account already logged (decision 062): a
    // client that saw a task end, then created the next, made the next one after that end.
    const nominal = Math.min(now + this.#tickMs * ordinal, HORIZON_MS)
    const createdAt = Math.min(Math.max(nominal, state.log.latest + this.#tickMs), HORIZON_MS)
    const seed = deriveSeed(this.scenario.seed, account.apiKey, ordinal)
    const rng = createRng(seed)
    // The id comes from a wide hash (decision 012); the generator's first four words, which
    // were the id before, are still drawn so the timeline choices stay what they were.
    rng.uuid()
    const id = this.#newId(account.apiKey, ordinal)
    const facts = { ...request, apiKey: account.apiKey }
    const chosen = chooseTimeline(this.scenario.rules, this.#rules, facts, rng.next(), this.scenario.defaultTimeline)
    const clip = referencedClip(request)
    const steps =
      clip !== null && !this.#received(state, clip)
        ? endingInFailure(chosen.timeline.steps, `Clip "${clip}" not found: it is not a clip this account has received`)
        : chosen.timeline.steps
    const timeoutAfter = this.scenario.service.timeoutAfterMs
    const task = new StoredTask({
      id,
      apiKey: account.apiKey,
      ordinal,
      seed,
      type: request.type,
      // The scenario's own string when it is the same: one copy, not one per task.
      model: request.model === this.scenario.service.model ? this.scenario.service.model : request.model,
      mode: request.mode,
      input: this.#compactInput(request.input),
      creditsCost: price,
      createdAt,
      ...(createdAt === nominal ? {} : { createdAhead: createdAt - now }),
      deadline: timeoutAfter === null ? null : createdAt + timeoutAfter,
      timeline: chosen.timeline.name,
      steps,
      rule: chosen.rule,
      position: startPosition(steps, createdAt),
      reads: 0,
      output: null,
      error: null,
    })
    this.#tasks.set(id, task)
    state.tasks.push(task)
    this.#touch(task)
    state.log.push({ kind: 'freeze', credits: price, task_id: id, at: createdAt })
    this.#settle(state, task)
    this.#schedule(state, task)
    this.#changed({ op: 'create', at: now, apiKey: account.apiKey, request })
    return { ok: true, task, rule: chosen.fired, misses: chosen.misses }
  }

  /** The owner's read: the task moves on (upstream is asked), then is returned. Another key's task is `undefined`. */
  read(account: Account, taskId: string): Task | undefined {
    const task = this.#tasks.get(taskId)
    if (task === undefined || task.apiKey !== account.apiKey) return undefined
    this.look(account) // the account's earlier moves are logged before this read's
    this.#touch(task)
    task.reads += 1
    this.#move(this.#state(account), task, true)
    this.#changed({ op: 'read', at: this.#now(), apiKey: account.apiKey, taskId })
    return task
  }

  /**
   * Applies what clock time makes due (step durations, timeouts) to the account's unfinished
   * tasks. Only tasks whose queued instant has come are looked at, in creation order; their
   * ledger events are then put in the order of the instants they happened at (issue 29).
   * Every change to an account's ledger looks first, so its events stay in time order.
   */
  look(account: Account): void {
    const state = this.#state(account)
    const now = this.#now()
    if (state.due.earliest > now) return
    const due = state.due.takeDue(now, (task, at) => state.waiting.get(task) === at)
    for (const task of due) state.waiting.delete(task)
    if (due.length > 1) due.sort((a, b) => a.ordinal - b.ordinal)
    const logged = state.log.length
    let moved = false
    for (const task of due) moved = this.#move(state, task, false) || moved
    state.log.sortFrom(logged)
    if (moved) this.#changed({ op: 'look', at: now, apiKey: account.apiKey })
  }

  usage(account: Account): ReturnType<typeof usageOf> {
    this.look(account)
    return usageOf(account.ledger)
  }

  /** Ends an unfinished task now with the given final status, with the ledger effects of that status. */
  force(taskId: string, status: FinalStatus, error?: string): ForceOutcome {
    const task = this.#tasks.get(taskId)
    if (task === undefined) return { ok: false, error: { kind: 'task_not_found' } }
    const account = this.#accounts.get(task.apiKey)!
    const now = this.#timeOf(task)
    // What was already due on the account settles first, so its ledger stays in time order.
    this.look(account)
    const change: WorldChange = { op: 'force', at: this.#now(), taskId, status, ...(error === undefined ? {} : { error }) }
    if (this.#move(account, task, false)) this.#changed({ op: 'look', at: this.#now(), apiKey: account.apiKey })
    if (task.position.completedAt !== null) {
      return { ok: false, error: { kind: 'already_final', status: task.position.status as FinalStatus } }
    }
    this.#touch(task)
    task.position = { step: task.position.step, enteredAt: now, reads: 0, status, completedAt: now }
    this.#settle(account, task, status === 'failure' ? (error ?? 'Task failed (forced)') : undefined)
    this.#changed(change)
    return { ok: true, task }
  }

  /** The rule and fault counters (`nth`, `times`), for saving the world; copies. */
  counters(): { rules: RuleCounters; faults: FaultCounters } {
    return {
      rules: { matched: [...this.#rules.matched], taken: [...this.#rules.taken] },
      faults: { matched: [...this.#faults.matched], fired: [...this.#faults.fired] },
    }
  }

  /**
   * Swaps in a saved world (checked by the caller: src/state): accounts, tasks, clip index,
   * rate windows, counters, incarnations and epoch, all at once. The world keeps copies of the
   * accounts and tasks it is given. Openings go back to the scenario's; an account the scenario
   * does not open goes back to its first top-up when reset.
   */
  restore(contents: WorldContents): void {
    this.#accounts.clear()
    this.#tasks.clear()
    this.#clipIndex.clear()
    this.#openings.clear()
    const saved = [...contents.accounts]
    this.#labels = new KeyLabels([...this.scenario.accounts.map((account) => account.apiKey), ...saved.map((account) => account.apiKey)])
    for (const { apiKey, credits } of this.scenario.accounts) this.#openings.set(apiKey, credits)
    for (const one of saved) {
      const account = this.#open(one.apiKey)
      Object.assign(account.ledger, one.ledger)
      for (const event of one.events) account.log.push(event)
      account.log.sortFrom(0) // a ledger saved before issue 29 may be out of time order
      for (const clip of new Set(one.clips)) account.clipIds.push(clip)
    }
    for (const saved of contents.tasks) {
      const account = this.#accounts.get(saved.apiKey)
      if (account === undefined) continue
      const task = new StoredTask(saved)
      this.#tasks.set(task.id, task)
      account.tasks.push(task)
      this.#schedule(account, task)
      for (const clip of task.output === null ? [] : clipsOf(task.output)) this.#clipIndex.set(clip.id, task)
    }
    this.#rateWindows.clear()
    for (const [apiKey, window] of contents.rateWindows) this.#rateWindows.set(apiKey, { ...window })
    const { rules, faults } = contents.counters
    this.#rules = { matched: [...rules.matched], taken: [...rules.taken] }
    this.#faults = { matched: [...faults.matched], fired: [...faults.fired] }
    this.#incarnations.clear()
    for (const [apiKey, count] of contents.incarnations) this.#incarnations.set(apiKey, count)
    this.#epoch = contents.epoch
    this.#version += 1
  }

  /** The scenario's faults decide on a request: the action that fires (or null), and why the others did not. */
  fault(request: FaultRequest): FaultDecision {
    if (this.scenario.faults.length === 0) return NO_FAULT
    const decision = decideFault(this.scenario.faults, this.#faults, this.scenario.seed, request)
    this.#changed({ op: 'fault', at: this.#now(), request: { ...request } })
    return decision
  }

  /** Runs `run` with the world's clock reading `at` (a change replayed at the reading it was made at: world-replay.ts). */
  replaying<T>(at: number, run: () => T): T {
    this.#pinnedNow = at
    try {
      return run()
    } finally {
      this.#pinnedNow = null
    }
  }

  /**
   * Queues the instant clock time alone next moves an unfinished task (a step's `for`, the
   * deadline), unless that instant is already queued; a task only reads move is not queued.
   */
  #schedule(account: AccountState, task: StoredTask): void {
    const due = nextTimedTransition(task.steps, task.position, task.deadline)
    // Queued on the world's clock: the task's own time runs its lead ahead of it.
    const at = due === null ? null : due - this.#lead(task)
    if (at === null) {
      account.waiting.delete(task)
      return
    }
    if (account.waiting.get(task) === at) return
    account.waiting.set(task, at)
    account.due.push(at, task)
    if (account.due.size > 2 * account.waiting.size + STALE_SLACK) account.due.rebuild(account.waiting)
  }

  /** True when the task moved. */
  #move(account: AccountState, task: StoredTask, read: boolean): boolean {
    const before = task.position
    if (before.completedAt !== null) return false
    const next = advance(task.steps, before, this.#timeOf(task), task.deadline, read)
    if (
      !read &&
      next.step === before.step &&
      next.status === before.status &&
      next.enteredAt === before.enteredAt &&
      next.reads === before.reads &&
      next.completedAt === before.completedAt
    ) {
      return false
    }
    this.#touch(task)
    task.position = next
    this.#settle(account, task)
    this.#schedule(account, task)
    return true
  }

  /** Applies the ledger effect and output of a task that has just reached a final status. */
  #settle(account: AccountState, task: StoredTask, forcedError?: string): void {
    const { status, completedAt, step: index } = task.position
    if (completedAt === null) return
    account.waiting.delete(task)
    const step = task.steps[index]
    if (status === 'success') {
      charge(account.ledger, task.creditsCost)
      account.log.push({ kind: 'charge', credits: task.creditsCost, task_id: task.id, at: completedAt })
      task.deriveOutput()
      for (const clip of clipsOf(task.output!)) {
        // A new clip id is not in the index yet: no search of the list on this path.
        const owner = this.#clipIndex.get(clip.id)
        if (owner === undefined || (owner.apiKey !== account.apiKey && !account.clipIds.includes(clip.id))) account.clipIds.push(clip.id)
        this.#clipIndex.set(clip.id, task)
      }
      return
    }
    refund(account.ledger, task.creditsCost)
    account.log.push({ kind: 'refund', credits: task.creditsCost, task_id: task.id, at: completedAt })
    if (status === 'failure') task.error = forcedError ?? (step?.status === 'failure' ? step.error : 'Task failed')
  }
}
