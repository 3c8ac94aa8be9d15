/**
 * What a task type is: everything about it that differs from one type to another, in one object
 * (one file per type, registered in index.ts). The rest of the fake derives from the list: the
 * `task_type` values, prices, validation, outputs, the scenario schema, the OpenAPI document and
 * the inspector's filter.
 *
 * The domain imports no zod (it runs anywhere, and its parts load without a schema library), so
 * a type's schemas are functions of the builders the layer above hands them (`kit.z`, and the
 * field builders of input-kit.ts; src/api builds the kit, and src/scenario for its warnings on
 * input fields): the type holds its schemas, the domain never runs them.
 */
import type * as Z from '../../zod.js'
import type { Rng } from '../random.js'
import type { InputKit } from './input-kit.js'

/** The zod builders a type's response schema is made with (src/api/response-schemas.ts). */
export interface OutputKit {
  readonly z: typeof Z
  inferred(statement: string, scenarioKey?: string): string
  /** One clip: the entry of every clip-shaped result. */
  readonly clip: Z.ZodType
}

/** A type's `output` in the document: the schema of one `result` entry, and what the output holds. */
export interface OutputShape {
  readonly entry: Z.ZodType
  readonly description: string
  /** The entry's component name in the OpenAPI document, when it is a schema of the type's own (not the shared Clip). */
  readonly entryName?: string
}

/** What an OpenAPI request example may use: text cut to the scenario's limit, the clip of the first example's task. */
export interface ExampleKit {
  fit(text: string, limit: string): string
  /** A clip id of the examples' first (finished) task. */
  readonly clip: string
  readonly defaultVersion: string
}

/** A Create Task request example of the OpenAPI document, answered by the fake itself (src/openapi/examples.ts). */
export interface TaskTypeExample {
  /** Its key under the request body's examples. */
  readonly name: string
  readonly summary: string
  input(kit: ExampleKit): Record<string, unknown>
  /** When set, the task is read until final and its last answer is a Get Task example of this name and summary. */
  readonly finished?: { readonly name: string; readonly summary: string }
}

/** A text field's length limit, which a scenario sets with `service.limits.<name>` (names are unique across types). */
export interface TextLimit {
  /** The input field it limits. */
  readonly field: string
  /** Its maximum length in characters when the scenario does not say. */
  readonly max: number
  /** What it limits, as the scenario schema says: `input.title`. */
  readonly describes: string
}

export interface TaskTypeDefinition {
  /** The `task_type` value. */
  readonly name: string
  /** Credits a task costs unless the scenario says otherwise (`service.prices.<name>`). */
  readonly price: number
  /** Its name in the inspector's type filter. */
  readonly label: string
  /**
   * Its input schemas, by mode: `mode` chooses one; a type without modes has one, keyed `input`.
   * Unknown input fields are accepted and echoed, as the real service does (loose objects).
   */
  inputs(kit: InputKit): Readonly<Record<string, Z.ZodObject>>
  /** Its input modes, the keys of `inputs` (a scenario rule matches them with `match.mode`); absent: one, `input`. */
  readonly modes?: readonly string[]
  /** The mode an input selects (one of `modes`), or a message when it mixes modes. */
  mode?(input: Readonly<Record<string, unknown>>): string | { conflict: string }
  /** Its text fields' length limits, by name (`service.limits.<name>`): what `kit.text` and `kit.field` name. */
  readonly limits?: Readonly<Record<string, TextLimit>>
  /** A check after the schema's, on the whole input: the 400 message, or null. */
  check?(input: Readonly<Record<string, unknown>>, mode: string | null): string | null
  /** The input as one schema for the OpenAPI document, and the named schemas it is made of; default: the one `input`. */
  document?(inputs: Readonly<Record<string, Z.ZodObject>>, kit: InputKit): { input: Z.ZodType; parts: ReadonlyArray<readonly [string, Z.ZodType]> }
  /** Whether `input.mv` (a model version, the scenario's default when left out) applies. */
  readonly versioned?: boolean
  /** The clip an input names, which the account must have received (else the task fails). */
  clipOf?(input: Readonly<Record<string, unknown>>, mode: string | null): string | null
  /** The text field a recording compares to infer "this prompt fails" (src/record). */
  readonly promptField?: string
  /** The `result` of a successful task, drawn from `rng` (the output's own stream): same draws, same bytes. */
  generate(rng: Rng, input: Readonly<Record<string, unknown>>): unknown[]
  output(kit: OutputKit): OutputShape
  /** Create Task request examples, in the order the examples are run (each created task draws the next ordinal). */
  readonly examples: readonly TaskTypeExample[]
}
