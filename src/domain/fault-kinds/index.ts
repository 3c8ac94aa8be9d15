/**
 * The fault kinds, in the order the scenario schema, its JSON Schema and its messages list them.
 * Adding a kind is one file beside these and one entry here (CONTRIBUTING.md, "Worked example:
 * a fault kind"); everything else reads this list.
 */
import type * as Z from '../../zod.js'
import type { Endpoint } from '../endpoint.js'
import { delay } from './delay.js'
import { drop } from './drop.js'
import type { FaultKind } from './fault-kind.js'
import { respond } from './respond.js'
import { stale } from './stale.js'

export const FAULT_KINDS = [respond, delay, drop, stale] as const

type Kinds = (typeof FAULT_KINDS)[number]

/** A kind's scenario key, which is also its label in the journal (`cause.action`). */
export type FaultKey = Kinds['key']

/** What a fault does, compiled: one object with one key per kind (`{ drop: true }`, `{ delayMs: 150 }`). */
export type FaultAction = ReturnType<Kinds['compile']>

export const FAULT_KEYS: readonly FaultKey[] = FAULT_KINDS.map((kind) => kind.key)

/** Any registered kind, its action type widened: what code that handles every kind sees. */
export type AnyFaultKind = FaultKind<FaultKey, Z.ZodType, FaultAction>

const byActionKey = new Map<string, AnyFaultKind>(FAULT_KINDS.map((kind) => [kind.actionKey, kind as unknown as AnyFaultKind]))

/** The kinds that meet only some endpoints, each with its action key and those endpoints. */
const restricted = [...byActionKey.values()].flatMap(({ actionKey, only }) => (only === undefined ? [] : [{ actionKey, endpoints: only.endpoints }]))

/** Whether `action` can meet a request to `endpoint` (on the path of every request that reaches a fault: no lookup). */
export function meets(action: FaultAction, endpoint: Endpoint): boolean {
  for (const kind of restricted) if (kind.actionKey in action && !kind.endpoints.includes(endpoint)) return false
  return true
}

/** The kind of a compiled action, by its key; throws on an object no kind compiles to. */
export function faultKindOf(action: FaultAction): AnyFaultKind {
  for (const key in action) {
    const kind = byActionKey.get(key)
    if (kind !== undefined) return kind
  }
  throw new TypeError(`not a fault action: ${JSON.stringify(action)}; expected one key of ${[...byActionKey.keys()].join(', ')}`)
}

export type { FaultError, FaultKind, FaultOutcome, SchemaKit } from './fault-kind.js'
