/**
 * What a fault kind is: everything specific to one scenario fault action (`respond`, `delay`,
 * `drop`, `stale`), in one file each, registered in one list (index.ts). The scenario schema,
 * its checks and compiler, the domain's decision, the api's answer, the journal's cause and the
 * export all read the kinds from that list.
 *
 * The kinds live in the domain because the domain decides where a fault applies; their scenario
 * schema is a function of the scenario's field helpers (`SchemaKit`, given by
 * src/scenario/schema-rules.ts), so the domain imports no scenario code and no zod at run time.
 */
import type * as Z from '../../zod.js'
import type { Endpoint } from '../endpoint.js'

/** The scenario's field helpers (src/scenario/fields.ts) and zod, for writing a kind's schema. */
export interface SchemaKit {
  readonly z: typeof Z
  /** An error map saying `expected WHAT, got VALUE`. */
  expecting(what: string): (issue: Z.$ZodRawIssue) => string | undefined
  /** A duration of at most `maxMs`, spelt like `150ms`, `5s`, `1m30s`. */
  duration(expected?: string, maxMs?: number, what?: string): Z.ZodType<string, string>
  nonEmptyString(): Z.ZodType<string, string>
}

/** An error answered in place of the normal answer; `message` defaults to a standard text for the status. */
export interface FaultError {
  status: number
  message?: string
  headers?: Readonly<Record<string, string>>
}

/**
 * What a request meets instead of its normal answer: that answer (or the last known state's,
 * `stale`) after `delayMs` of real time, an error, or a closed connection. The api layer
 * (src/api/fault.ts) turns it into a response, each door settles the delay and the drop.
 */
export type FaultOutcome = { answer: 'normal' | 'stale'; delayMs: number } | { error: FaultError } | { drop: true }

/** A kind's value, once present. */
type Value<T> = Exclude<T, undefined>

export interface FaultKind<Key extends string = string, Schema extends Z.ZodType = Z.ZodType, Action extends object = object> {
  /** The scenario key (`drop: true`); also the journal's cause label (`fault #0 (line 12): drop`). */
  readonly key: Key
  /** The one key of the compiled action (`{ delayMs: 150 }` for `delay: 150ms`). */
  readonly actionKey: keyof Action & string
  /**
   * The schema of `key` in a fault mapping: optional (a fault holds one kind's key), with its
   * description (the JSON Schema for editors shows it; docs/scenarios.md must document the key).
   */
  readonly schema: (kit: SchemaKit) => Schema
  /** A valid value, as a scenario file writes it. */
  readonly example: Value<Z.input<Schema>>
  /** The endpoints it can meet, and why only those; absent: every endpoint. Others pass it by, uncounted. */
  readonly only?: { readonly endpoints: readonly Endpoint[]; readonly because: string }
  /** The validated value → the action the world decides on. */
  compile(value: Value<Z.output<Schema>>): Action
  /** The action → the value a scenario file writes (the export and the recording proxy). */
  write(action: Action): Value<Z.input<Schema>>
  /** What a request that meets this action gets. */
  outcome(action: Action): FaultOutcome
}

/** Declares a kind, its types inferred: `export const drop = faultKind({ key: 'drop', … })`. */
export function faultKind<const Key extends string, Schema extends Z.ZodType, Action extends object>(
  kind: FaultKind<Key, Schema, Action>,
): FaultKind<Key, Schema, Action> {
  return kind
}
