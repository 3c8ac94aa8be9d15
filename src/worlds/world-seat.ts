/**
 * Where a request to `/worlds/{name}` is answered from (issue 40): a seat, one per name while its
 * world exists or requests to it are in flight. Its handle is the world of that name *as it is
 * each time it is read*: the registry's, or, while there is none, a fresh one that no request has
 * made yet. So a request is applied to the world its name has when it is applied (a create's body
 * may arrive after the world was removed: it then lands in the world made anew, not in one gone),
 * and a fresh world becomes the registry's only when a request changes it and is accepted:
 *
 * - a create answered 202: at once, before the answer (its `commit`, which the dispatch calls for
 *   an accepted create before answering: durable.ts), so an acknowledged task always exists;
 * - an admin write (POST, PUT, DELETE) answered 2xx: once answered (`settle`).
 *
 * Anything else (a refusal, 401, 403, 404, 400, 413, 429; a read, GET or HEAD) is answered as the
 * fresh world would answer it, and the fresh world is let go once no request uses it: refused
 * traffic and cross-site `<img>` requests neither make nor evict a world.
 */
import type { World } from '../domain/world.js'
import type { MockClock, MockHandle } from '../handle/mock-handle.js'
import type { ScenarioInput } from '../scenario/resolve-scenario.js'

/** What a seat asks of its registry. */
export interface SeatHost<H extends MockHandle> {
  /** The registry's world of that name, if any (not a use). */
  current(name: string): H | undefined
  /** A fresh world for `name`, not the registry's yet. */
  fresh(name: string): H
  /** Whether a fresh world made now would be made as `core` was (no world removed since). */
  stillFresh(core: H): boolean
  /** Makes `core` the registry's world of that name. */
  adopt(name: string, core: H): void
  /** Removes the world of that name if it is still `core` (the create that made it could not be kept). */
  abandon(name: string, core: H): void
  /** Lets go of a fresh world no request made. */
  discard(core: H): void
  /** The seat has nothing in flight and no world: forget it. */
  vacate(name: string): void
}

/** One request's place: the world to answer from, and what to say once it is answered. */
export interface Seated {
  readonly handle: MockHandle
  /** The request was answered: `accepted` makes the fresh world it changed the registry's. Call once. */
  settle(accepted: boolean): void
}

/** Whether an answer to `method` with `status` makes the world it was answered from (see above). */
export function makesWorld(method: string, status: number | null): boolean {
  return method !== 'GET' && method !== 'HEAD' && status !== null && status >= 200 && status < 300
}

/** A handle whose every part is `resolve()`'s at the time it is read (the world of a name as it is then). */
function facade(resolve: () => MockHandle, commit: () => MockHandle['commit']): MockHandle {
  const clock: MockClock = {
    now: () => resolve().clock.now(),
    advance: (by) => resolve().clock.advance(by),
    set: (to) => resolve().clock.set(to),
  }
  return {
    get world(): World {
      return resolve().world
    },
    get scenario() {
      return resolve().scenario
    },
    clock,
    reset: (scenario?: ScenarioInput) => resolve().reset(scenario),
    onReset: (listener) => resolve().onReset(listener),
    get commit() {
      return commit()
    },
  }
}

export class WorldSeat<H extends MockHandle> {
  #inFlight = 0
  #fresh: H | null = null
  readonly handle: MockHandle

  constructor(
    readonly name: string,
    private readonly host: SeatHost<H>,
  ) {
    this.handle = facade(
      () => this.#world(),
      () => {
        const current = this.host.current(this.name)
        if (current !== undefined) return current.commit
        // A fresh world: an accepted create commits it, which makes it the registry's first. If
        // that commit fails (durable mode, a full disk), the create answers 503 and changes
        // nothing: the world it made goes again.
        return () => {
          const made = this.#adopt()
          const committed = this.host.current(this.name)?.commit?.() ?? Promise.resolve()
          if (made === null) return committed
          return committed.catch((error: unknown) => {
            this.host.abandon(this.name, made)
            throw error
          })
        }
      },
    )
  }

  /** No request in flight: the seat holds nothing (a world that goes takes its seat along). */
  get idle(): boolean {
    return this.#inFlight === 0
  }

  /** A request enters: its handle, and its `settle`. */
  enter(): Seated {
    this.#inFlight += 1
    let settled = false
    return {
      handle: this.handle,
      settle: (accepted) => {
        if (settled) return
        settled = true
        this.#leave(accepted)
      },
    }
  }

  /** The world of this name now: the registry's, or the fresh one (made anew if one was removed since). */
  #world(): H {
    const current = this.host.current(this.name)
    if (current !== undefined) return current
    if (this.#fresh !== null && !this.host.stillFresh(this.#fresh)) {
      this.host.discard(this.#fresh)
      this.#fresh = null
    }
    return (this.#fresh ??= this.host.fresh(this.name))
  }

  /** Makes the fresh world the registry's (if there is none); the world made, or null. */
  #adopt(): H | null {
    const fresh = this.#fresh
    if (fresh === null || this.host.current(this.name) !== undefined) return null
    this.#fresh = null
    this.host.adopt(this.name, fresh)
    return fresh
  }

  #leave(accepted: boolean): void {
    if (accepted) this.#adopt()
    this.#inFlight -= 1
    if (this.#inFlight > 0) return
    if (this.#fresh !== null) {
      this.host.discard(this.#fresh)
      this.#fresh = null
    }
    if (this.host.current(this.name) === undefined) this.host.vacate(this.name)
  }
}
