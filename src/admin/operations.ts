/**
 * The admin operations, once: each takes the running fake and the request's body or query as
 * the wire carries them (snake_case), checks them, acts on the world, and returns a view or
 * throws an AdminError. The `/__admin` routes and the in-process control both call these.
 */
import { sessionFromWorld } from '../record/from-world.js'
import { writeScenario } from '../record/write-scenario.js'
import type { Account, World } from '../domain/world.js'
import type { MockClock, MockHandle } from '../handle/mock-handle.js'
import { originOf } from '../scenario/scenario-origin.js'
import { badRequest, conflict, notFound } from './admin-error.js'
import {
  accountsQuery,
  advanceBody,
  check,
  createAccountBody,
  exportQuery,
  forceBody,
  resetAccountBody,
  setBody,
  tasksQuery,
  topUpBody,
} from './admin-schemas.js'
import { keyOfFilter } from './key-filter.js'
import { pageOf, type Page } from './paging.js'
import { accountView, taskView, type AccountView, type TaskView } from './views.js'

export interface Health {
  status: 'ok'
  scenario: string
  seed: number
  clock: string
  accounts: number
  tasks: number
  journal: { size: number; recorded: number; dropped: number; capacity: number }
}

export interface ClockView {
  now: string
  mode: 'manual' | 'auto'
  /** Clock seconds per real second (auto clocks). */
  speed: number | null
}

export { faultCounters, ruleCounters, type FaultCounterView, type NearMissView, type RuleCounterView } from './counter-views.js'
export { DEFAULT_JOURNAL_LIMIT, journalEntry, journalPage, type JournalEntryDetail, type JournalPage } from './journal-view.js'
export { clientReport } from './report-view.js'

function accountOf(world: World, apiKey: string): Account {
  const account = world.account(apiKey)
  if (account === undefined) throw notFound(`No account with API key ${JSON.stringify(apiKey)}`)
  return account
}

function viewAccount(world: World, account: Account): AccountView {
  world.look(account) // clock-driven transitions first, so frozen credits are current
  return accountView(account, world)
}

export function health(host: MockHandle): Health {
  const { world } = host
  const { journal } = world
  return {
    status: 'ok',
    scenario: host.scenario.name,
    seed: host.scenario.seed,
    clock: host.clock.now().toISOString(),
    accounts: world.accounts.size,
    tasks: world.tasks.size,
    journal: { size: journal.size, recorded: journal.recorded, dropped: journal.dropped, capacity: journal.capacity },
  }
}

/** The running scenario's text, for the inspector's editor: null when it was built in code or given as a value. */
export function scenarioSource(host: MockHandle): { name: string; file: string | null; text: string | null } {
  const origin = originOf(host.scenario)
  return { name: host.scenario.name, file: origin?.file ?? null, text: origin?.text ?? null }
}

/** Accounts in creation order, one page of them (`limit`, `offset`; without `limit`, every one from `offset`). */
export function listAccounts(host: MockHandle, query: unknown): Page<AccountView> {
  const page = check(accountsQuery, query, 'query')
  return pageOf(host.world.accounts.values(), page, (account) => viewAccount(host.world, account))
}

export const getAccount = (host: MockHandle, apiKey: string): AccountView => viewAccount(host.world, accountOf(host.world, apiKey))

/** Most accounts one fake holds: each costs memory and a line in every state file. */
export const MAX_ACCOUNTS = 100_000

export function createAccount(host: MockHandle, body: unknown): AccountView {
  const { api_key, credits } = check(createAccountBody, body, 'body')
  if (host.world.accounts.size >= MAX_ACCOUNTS && !host.world.accounts.has(api_key)) {
    throw conflict(
      `The fake holds ${host.world.accounts.size} accounts, at most ${MAX_ACCOUNTS} accounts are allowed; remove some (DELETE /__admin/accounts/{key}) or reset`,
    )
  }
  if (!host.world.addAccount(api_key, credits))
    throw conflict(`An account with API key ${JSON.stringify(api_key)} already exists; top it up or reset it instead`)
  return getAccount(host, api_key)
}

export function topUp(host: MockHandle, apiKey: string, body: unknown): AccountView {
  const account = accountOf(host.world, apiKey)
  const { credits } = check(topUpBody, body, 'body')
  host.world.topUp(account, credits)
  return viewAccount(host.world, account)
}

/** The key's tasks, clips, events and journal entries go; it opens again with its opening credits (or `credits`). */
export function resetAccount(host: MockHandle, apiKey: string, body: unknown): AccountView {
  accountOf(host.world, apiKey)
  const { credits } = check(resetAccountBody, body, 'body')
  host.world.resetAccount(apiKey, credits)
  return getAccount(host, apiKey)
}

export function removeAccount(host: MockHandle, apiKey: string): { api_key: string; removed: true } {
  if (!host.world.removeAccount(apiKey)) throw notFound(`No account with API key ${JSON.stringify(apiKey)}`)
  return { api_key: apiKey, removed: true }
}

/** Tasks in creation order, filtered, one page of them (`limit`, `offset`; without `limit`, every one from `offset`). */
export function listTasks(host: MockHandle, query: unknown): Page<TaskView> {
  const { api_key: given, status, type, q, limit, offset } = check(tasksQuery, query, 'query')
  const text = q?.trim().toLowerCase() ?? ''
  const { world } = host
  // A key or its label (`ke…01`, as the inspector's address holds it: never the key itself).
  const api_key = given === undefined ? undefined : (keyOfFilter(world, given) ?? given)
  const accounts = api_key === undefined ? [...world.accounts.values()] : [accountOf(world, api_key)]
  for (const account of accounts) world.look(account)
  function* matching() {
    for (const task of world.tasks.values()) {
      if (
        (api_key === undefined || task.apiKey === api_key) &&
        (status === undefined || task.position.status === status) &&
        (type === undefined || task.type === type) &&
        (text === '' || task.id.toLowerCase().includes(text) || (task.error?.toLowerCase().includes(text) ?? false))
      )
        yield task
    }
  }
  return pageOf(matching(), { limit, offset }, taskView)
}

export function getTask(host: MockHandle, taskId: string): TaskView {
  const { world } = host
  const task = world.tasks.get(taskId)
  if (task === undefined) throw notFound(`No task with id ${JSON.stringify(taskId)}`)
  world.look(accountOf(world, task.apiKey))
  return taskView(task)
}

export function forceTask(host: MockHandle, taskId: string, body: unknown): TaskView {
  const { status, error } = check(forceBody, body, 'body')
  const forced = host.world.force(taskId, status, error)
  if (forced.ok) return taskView(forced.task)
  if (forced.error.kind === 'task_not_found') throw notFound(`No task with id ${JSON.stringify(taskId)}`)
  throw conflict(`Task ${JSON.stringify(taskId)} is already final (${forced.error.status}); only an unfinished task can be forced`)
}

export function clockView(host: MockHandle): ClockView {
  const config = host.scenario.clock
  return { now: host.clock.now().toISOString(), mode: config.mode, speed: config.mode === 'auto' ? config.speed : null }
}

/** Runs a clock move; a RangeError (a bad duration or instant, a move back or past the horizon) becomes a 400 on `field`. */
function moving(field: string, move: () => Date): Date {
  try {
    return move()
  } catch (error) {
    if (error instanceof RangeError) throw badRequest(`${field}: ${error.message}`)
    throw error
  }
}

export function advanceClock(host: MockHandle, body: unknown): ClockView {
  const { by } = check(advanceBody, body, 'body')
  moving('by', () => host.clock.advance(by))
  return clockView(host)
}

export function setClock(host: MockHandle, body: unknown): ClockView {
  const { to } = check(setBody, body, 'body')
  moving('to', () => host.clock.set(to))
  return clockView(host)
}

/** An instant as the admin API's `to` takes it. */
function instantText(to: string | Date | number): unknown {
  if (to instanceof Date) return Number.isNaN(to.getTime()) ? String(to) : to.toISOString()
  return typeof to === 'number' && Number.isFinite(to) ? new Date(to).toISOString() : to
}

/**
 * `raw`, whose moves throw RangeErrors on a mistake, with the admin API's checks: in-process
 * moves fail with the AdminError (400) and message that `/__admin/clock/advance` and `/set` answer.
 */
export function checkedClock(raw: MockClock): MockClock {
  return {
    now: () => raw.now(),
    advance: (by) => {
      const checked = check(advanceBody, { by }, 'body')
      return moving('by', () => raw.advance(checked.by))
    },
    set: (to) => {
      const checked = check(setBody, { to: instantText(to) }, 'body')
      return moving('to', () => raw.set(checked.to))
    },
  }
}

/** The world's history as a scenario (YAML) that replays it: tasks, their statuses over time and outcomes, faults that fired. */
export function exportScenario(host: MockHandle, query: unknown): string {
  const { keys } = check(exportQuery, query, 'query')
  return writeScenario(sessionFromWorld(host.world, { keepKeys: keys === 'keep' }))
}
