/**
 * Keeps a world's rows in the database equal to the world (decision 036). It hears every change
 * (`WorldObserver`), remembers what it touched (tasks, accounts, rate windows; the header always)
 * and `commit` writes exactly that in one transaction. A commit that fails leaves the rows as
 * they were and what was touched still to write; `reload` puts the world back to the rows.
 */
import type { Account, Task, World, WorldChange, WorldObserver } from '../domain/world.js'
import { sourceOf } from '../scenario/scenario-source.js'
import { scenarioFingerprint } from './snapshot.js'
import type { LoadedRows, WorldStore } from './world-store.js'

interface Persisted {
  readonly account: Account
  readonly n: number
  events: number
  clips: number
}

const fingerprints = new WeakMap<World['scenario'], string>()

/** The world's header row: what is neither an account, a task nor a rate window. */
export function headerOf(world: World): object {
  let fingerprint = fingerprints.get(world.scenario)
  if (fingerprint === undefined) fingerprints.set(world.scenario, (fingerprint = scenarioFingerprint(world.scenario)))
  return {
    scenario: { name: world.scenario.name, fingerprint, source: sourceOf(world.scenario) },
    saved_at: new Date().toISOString(),
    clock: world.clock.now(),
    epoch: world.epoch,
    incarnations: [...world.incarnations()].map(([apiKey, count]) => ({ apiKey, count })),
    counters: world.counters(),
  }
}

/**
 * The rows a whole commit of `world` would write now, as `WorldStore.load` would read them back
 * (JSON round trip): what a world not written yet is put back to when its first commit fails.
 */
export function rowsOf(world: World): LoadedRows {
  const accounts = [...world.accounts.values()].map((account) => ({
    apiKey: account.apiKey,
    ledger: account.ledger,
    events: world.eventsOf(account, 0),
    clips: [...world.clipsOf(account)],
  }))
  const rateWindows = [...world.rateWindows].map(([apiKey, window]) => ({ apiKey, window }))
  return JSON.parse(JSON.stringify({ header: headerOf(world), accounts, tasks: [...world.tasks.values()], rateWindows })) as LoadedRows
}

export class WorldMirror {
  readonly #store: WorldStore
  readonly #name: string
  #world: World
  #full = true
  #header = true
  #savedClock = Number.NaN
  readonly #tasks = new Set<Task>()
  readonly #accounts = new Set<string>()
  readonly #rates = new Set<string>()
  #persisted = new Map<string, Persisted>()
  #order = { tasks: 0, accounts: 0 }
  readonly #onChange: () => void

  /** `onChange`: after every change (the durable mode schedules a commit). */
  constructor(store: WorldStore, name: string, world: World, onChange: () => void = () => undefined) {
    this.#store = store
    this.#name = name
    this.#world = world
    this.#onChange = onChange
    this.#order = store.lastOrder(name)
    world.observe(this.#observer)
  }

  readonly #observer: WorldObserver = {
    beforeTaskChange: (task) => {
      this.#tasks.add(task)
      this.#accounts.add(task.apiKey)
    },
    changed: (change: WorldChange) => {
      this.#header = true
      if ('apiKey' in change) (change.op === 'admit' ? this.#rates : this.#accounts).add(change.apiKey)
      if (change.op === 'remove_account') this.#rates.add(change.apiKey)
      if (change.op === 'force') {
        const task = this.#world.task(change.taskId)
        if (task !== undefined) this.#accounts.add(task.apiKey)
      }
      this.#onChange()
    },
  }

  get world(): World {
    return this.#world
  }

  /** Whether a commit has anything to write (a change, or the clock moved). */
  get pending(): boolean {
    return this.#header || this.#full || this.#world.clock.now() !== this.#savedClock
  }

  /** Whether the next commit writes the whole world (a new one, or a reset's). */
  get rewriting(): boolean {
    return this.#full
  }

  /** A reset made a new world: the next commit replaces every row of the old one. */
  follow(world: World): void {
    this.#world = world
    world.observe(this.#observer)
    this.#full = true
    this.#onChange()
  }

  /** The rows now match the world as it was restored from them. */
  adoptRestored(): void {
    this.#full = false
    this.#header = false
    this.#tasks.clear()
    this.#accounts.clear()
    this.#rates.clear()
    this.#savedClock = this.#world.clock.now()
    this.#persisted = new Map()
    const taken = this.#store.lastOrder(this.#name)
    this.#order = taken
    let n = 0
    for (const account of this.#world.accounts.values()) {
      this.#persisted.set(account.apiKey, { account, n: ++n, events: this.#world.eventCount(account), clips: this.#world.clipsOf(account).length })
    }
  }

  /** Writes what changed since the last commit, in one transaction; throws (and keeps it to write) when that fails. */
  commit(): void {
    if (!this.pending) return
    const world = this.#world
    const name = this.#name
    const persisted = new Map(this.#persisted)
    const order = { ...this.#order }
    const full = this.#full
    this.#store.transaction(() => {
      if (full) {
        this.#store.deleteWorld(name)
        persisted.clear()
      }
      this.#store.putHeader(name, headerOf(world))
      const keys = full ? [...world.accounts.keys(), ...world.rateWindows.keys()] : [...this.#accounts, ...this.#rates]
      for (const apiKey of new Set(keys)) this.#writeAccount(apiKey, persisted, order)
      const tasks = full ? world.tasks.values() : this.#tasks
      for (const task of tasks) {
        if (world.task(task.id) !== task) continue // removed with its account since
        // A task already stored keeps its number (the upsert leaves it): numbers only order rows.
        this.#store.putTask(name, task.id, task.apiKey, ++order.tasks, task)
      }
    })
    this.#persisted = persisted
    this.#order = order
    this.#full = false
    this.#header = false
    this.#tasks.clear()
    this.#accounts.clear()
    this.#rates.clear()
    this.#savedClock = world.clock.now()
  }

  #writeAccount(apiKey: string, persisted: Map<string, Persisted>, order: { tasks: number; accounts: number }): void {
    const world = this.#world
    const name = this.#name
    const window = world.rateWindows.get(apiKey)
    if (window === undefined) this.#store.deleteRateWindow(name, apiKey)
    else this.#store.putRateWindow(name, apiKey, window)
    const account = world.account(apiKey)
    let saved = persisted.get(apiKey)
    if (saved !== undefined && saved.account !== account) {
      this.#store.deleteAccount(name, apiKey)
      persisted.delete(apiKey)
      saved = undefined
      if (window !== undefined) this.#store.putRateWindow(name, apiKey, window)
    }
    if (account === undefined) return
    saved ??= { account, n: ++order.accounts, events: 0, clips: 0 }
    this.#store.putAccount(name, apiKey, saved.n, account.ledger)
    const events = world.eventsOf(account, saved.events)
    for (const [index, event] of events.entries()) this.#store.addEvent(name, apiKey, saved.events + index, event)
    const clips = world.clipsOf(account)
    for (let index = saved.clips; index < clips.length; index++) this.#store.addClip(name, apiKey, index, clips[index]!)
    persisted.set(apiKey, { account, n: saved.n, events: saved.events + events.length, clips: clips.length })
  }
}
