/**
 * The end of every request the dispatch answers, once, in this order (decision 055):
 *
 *   1. a thrown error, in the route now or later, becomes the fake's JSON 500 (`internal`);
 *   2. the durable commit (`--state-mode durable`): a create's 202 waits for it, and a failed
 *      commit becomes a 503 (`state`), the world being back to what the database holds;
 *   3. test mode: a public API answer off the OpenAPI document becomes a 500 that says how;
 *   4. HEAD and default headers (sent-answer.ts): the JSON content type unless the answer has
 *      one, no body for a HEAD or a status that has none;
 *   5. the journal entry of a public API or media request, written from the answer sent.
 *
 * A door then only waits (a fault's delay), writes the bytes, or drops the connection. The fast
 * path (no state database, no test mode) stays synchronous and makes one object: the door's.
 */
import { journalSent } from '../api/journal-record.js'
import { faultCause } from '../api/journal-record.js'
import type { Answered } from '../api/request.js'
import { failWith, internalError, type ApiResponse } from '../api/respond.js'
import type { Cause } from '../domain/exchange.js'
import type { Trace } from '../domain/trace.js'
import type { FaultAction } from '../domain/types.js'
import type { MockHandle } from '../handle/mock-handle.js'
import type { AnswerCheck } from '../openapi/answer-check.js'
import type { Answer, DispatchRequest, DoorOutcome } from './request.js'
import { sentAnswer } from './sent-answer.js'

/** A route's answer, before the finishing step: what the api layer, media, the document and `/__admin` give. */
export interface RoutedResponse extends Answer {
  /** The task a create's 202 made: its durable commit comes first, and the journal names it. */
  readonly created?: { readonly id: string }
  /** Why the answer is what it is, for the journal. */
  readonly cause?: Cause
}

/** `trace`: which fault (and rule) applied and which almost did (domain/trace.ts), for the journal. */
export type Routed =
  | {
      readonly response: RoutedResponse
      readonly delayMs: number
      readonly drop?: undefined
      readonly fault?: FaultAction | null
      readonly trace?: Trace | null
    }
  | { readonly drop: true; readonly delayMs: number; readonly response?: undefined; readonly fault?: FaultAction | null; readonly trace?: Trace | null }

/** A request the journal records (public API, media): the route's outcome and the entry's fields. */
export type Journaled = Answered<Routed>

/** An answer in place of the route's, journaled with `cause`; `fault`: whether the request still counts as having met the faults. */
function replacement(response: ApiResponse, cause: Cause, fault: FaultAction | null | undefined): Routed {
  return { response: { ...response, cause }, delayMs: 0, fault }
}

/** Step 1: an exception (a bug in the fake) as the fake's JSON 500. */
export function crashed(error: unknown): Routed {
  return replacement(internalError(error), { kind: 'internal' }, undefined)
}

/** What a route gives the finishing step: its outcome, or a journaled request holding it. */
export type RouteResult = Routed | Journaled

/** Steps 2 to 5 for what a route answered (step 1 is the dispatch's: it catches what a route throws). */
export type Finish = (request: DispatchRequest, result: RouteResult) => DoorOutcome | Promise<DoorOutcome>

/** Steps 4 and 5: the answer as sent, journaled. `replaced`: not the route's own answer. */
function send(method: string, routed: Routed, journaled: Journaled | null, replaced: boolean): DoorOutcome {
  const { response, fault } = routed
  // A dropped connection is sent as it is (the route's outcome is the door's).
  const sent: DoorOutcome = response === undefined ? (routed as DoorOutcome) : sentAnswer(response, method, routed.delayMs)
  if (journaled === null) return sent
  const trace = routed.trace ?? null
  const cause = replaced ? (response?.cause ?? null) : ((fault ? faultCause(journaled.world, fault, trace?.fault) : null) ?? response?.cause ?? null)
  journalSent(journaled, sent.drop ? null : sent, routed.delayMs, fault === undefined ? null : (fault ?? 'none'), cause, replaced, trace)
  return sent
}

/**
 * Steps 4 and 5 alone, for a journaled request answered at once: what a dispatch without a state
 * database or test mode does with it. For callers of the api layer outside a dispatch (the
 * OpenAPI examples need none; tests and the memory benchmark do, to keep the journal).
 */
export function sendAnswered(journaled: Journaled, method = journaled.method): DoorOutcome {
  return send(method, journaled.outcome, journaled, false)
}

/** The finishing step of one fake's dispatch: `source` gives its world and durable commit, `check` its test mode (or none). */
export function finisher(source: Pick<MockHandle, 'world' | 'commit'>, check: AnswerCheck | null): Finish {
  /** Step 3 (test mode): the answer checked against the document, as it would be sent. */
  async function checked(check: AnswerCheck, request: DispatchRequest, routed: Routed, journaled: Journaled): Promise<DoorOutcome> {
    const { response } = routed
    if (response === undefined) return send(request.method, routed, journaled, false)
    const shown = sentAnswer(response, request.method, routed.delayMs)
    const body = typeof shown.body === 'string' ? shown.body : ''
    const message = await check(
      { method: request.method, path: request.path, status: shown.status, headers: new Headers(shown.headers), body },
      source.world.scenario,
    )
    if (message === null) return send(request.method, routed, journaled, false)
    return send(request.method, replacement(failWith('offDocument', message), { kind: 'off_document' }, routed.fault), journaled, true)
  }

  function afterCommit(request: DispatchRequest, routed: Routed, journaled: Journaled | null): DoorOutcome | Promise<DoorOutcome> {
    if (check !== null && journaled !== null && journaled.endpoint !== 'asset') return checked(check, request, routed, journaled)
    return send(request.method, routed, journaled, false)
  }

  /** Step 2: a create's 202 goes out once its task is committed; a failed commit changed nothing, and is a 503. */
  async function committed(commit: () => Promise<void>, request: DispatchRequest, routed: Routed, journaled: Journaled | null): Promise<DoorOutcome> {
    try {
      await commit()
    } catch (error) {
      // The keeper put the world back, the faults' counters included: as if the request never met them.
      return send(request.method, replacement(failWith('notDurable', (error as Error).message), { kind: 'state' }, undefined), journaled, true)
    }
    return afterCommit(request, routed, journaled)
  }

  return (request, result) => {
    const journaled = 'outcome' in result ? result : null
    const routed = journaled === null ? (result as Routed) : journaled.outcome
    const { commit } = source
    if (commit !== undefined && routed.response?.created !== undefined) return committed(commit, request, routed, journaled)
    return afterCommit(request, routed, journaled)
  }
}
