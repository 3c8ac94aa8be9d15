/**
 * A task as the world stores it (`StoredTask`): the plain `Task` every reader sees, kept in few
 * objects (the position as numbers, the output generated again from the seed when read rather
 * than held; decision 029). Only the world makes and changes them (world.ts).
 */
import type { Position } from './lifecycle.js'
import { generateOutput, mergeOverride, type TaskOutput } from './outputs.js'
import type { Step, TaskMode, TaskStatus, TaskType } from './types.js'

export interface Task {
  readonly id: string
  readonly apiKey: string
  /** 1-based position of this task among its account's tasks. */
  readonly ordinal: number
  readonly seed: number
  readonly type: TaskType
  readonly model: string
  readonly mode: TaskMode | null
  readonly input: Readonly<Record<string, unknown>>
  readonly creditsCost: number
  readonly createdAt: number
  /**
   * How far `createdAt` was ahead of the world's clock at creation, when that is not the
   * scenario's tick times `ordinal` (decision 062: a task is not created before what its
   * account already logged). Absent in the usual case, and in state files saved before.
   */
  readonly createdAhead?: number
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

/** Outputs derived lately: a finished task read again does not generate its output again. */
const DERIVED_OUTPUTS = 256
const derivedOutputs = new Map<Task, TaskOutput>()

/** What the task's output is when the world does not hold it: generated again from its seed. */
const DERIVED = Symbol('derived output')

/**
 * A stored task. Its output, which is generated from the task's seed (and its step's override),
 * is not kept: it is made again when read, from a small cache of recent ones (decision 029).
 * An output set explicitly (a restored task) is kept as given. Serialises as the plain Task.
 */
export class StoredTask implements Task {
  readonly id: string
  readonly apiKey: string
  readonly ordinal: number
  /** A seed of 32 bits (every derived one) as a signed 32-bit integer: no boxed double; any other as given. */
  readonly #seed: number
  readonly type: TaskType
  readonly model: string
  readonly mode: TaskMode | null
  readonly input: Readonly<Record<string, unknown>>
  readonly creditsCost: number
  readonly createdAt: number
  /** Set only when given: no slot on the usual task. */
  declare readonly createdAhead?: number
  readonly deadline: number | null
  readonly timeline: string
  readonly steps: readonly Step[]
  readonly rule: number | null
  // The position as numbers on the task, not an object of its own: times as offsets from
  // createdAt, which stay small integers (no boxed double each).
  #step: number
  #positionReads: number
  #status: TaskStatus
  #entered: number
  #completed: number | null
  /** A position whose times offsets would not give back exactly (fractional ms): kept whole. */
  #whole: Position | null = null
  reads: number
  #output: TaskOutput | null | typeof DERIVED
  error: string | null

  constructor(fields: Task) {
    this.id = fields.id
    this.apiKey = fields.apiKey
    this.ordinal = fields.ordinal
    this.#seed = fields.seed >>> 0 === fields.seed ? fields.seed | 0 : fields.seed
    this.type = fields.type
    this.model = fields.model
    this.mode = fields.mode
    this.input = fields.input
    this.creditsCost = fields.creditsCost
    this.createdAt = fields.createdAt
    if (fields.createdAhead !== undefined) (this as { createdAhead?: number }).createdAhead = fields.createdAhead
    this.deadline = fields.deadline
    this.timeline = fields.timeline
    this.steps = fields.steps
    this.rule = fields.rule
    this.#step = 0
    this.#positionReads = 0
    this.#status = fields.position.status
    this.#entered = 0
    this.#completed = null
    this.position = fields.position
    this.reads = fields.reads
    this.#output = fields.output
    this.error = fields.error
  }

  get seed(): number {
    return this.#seed < 0 ? this.#seed + 4294967296 : this.#seed
  }

  /** Where the task stands: a new object on each read. */
  get position(): Position {
    if (this.#whole !== null) return { ...this.#whole }
    const { createdAt } = this
    return {
      step: this.#step,
      enteredAt: createdAt + this.#entered,
      reads: this.#positionReads,
      status: this.#status,
      completedAt: this.#completed === null ? null : createdAt + this.#completed,
    }
  }

  set position(position: Position) {
    const { createdAt } = this
    const entered = position.enteredAt - createdAt
    const completed = position.completedAt === null ? null : position.completedAt - createdAt
    const exact = createdAt + entered === position.enteredAt && (completed === null || createdAt + completed === position.completedAt)
    this.#whole = exact ? null : { ...position }
    this.#step = position.step
    this.#positionReads = position.reads
    this.#status = position.status
    this.#entered = exact ? entered : 0
    this.#completed = exact ? completed : null
  }

  get output(): TaskOutput | null {
    if (this.#output !== DERIVED) return this.#output
    let output = derivedOutputs.get(this)
    if (output === undefined) {
      output = this.#generate()
      derivedOutputs.set(this, output)
      if (derivedOutputs.size > DERIVED_OUTPUTS) derivedOutputs.delete(derivedOutputs.keys().next().value!)
    }
    return output
  }

  set output(output: TaskOutput | null) {
    this.#output = output
  }

  /** From now on the output is the one its seed and final step give: generated, and not held. */
  deriveOutput(): void {
    this.#output = DERIVED
  }

  #generate(): TaskOutput {
    const generated = generateOutput({ seed: this.seed, type: this.type, mode: this.mode, input: this.input })
    const step = this.steps[this.position.step]
    const override = step?.status === 'success' ? step.output : undefined
    return (override === undefined ? generated : mergeOverride(generated, override)) as TaskOutput
  }

  toJSON(): Task {
    const {
      id,
      apiKey,
      ordinal,
      seed,
      type,
      model,
      mode,
      input,
      creditsCost,
      createdAt,
      createdAhead,
      deadline,
      timeline,
      steps,
      rule,
      position,
      reads,
      output,
      error,
    } = this
    const ahead = createdAhead === undefined ? {} : { createdAhead }
    return {
      id,
      apiKey,
      ordinal,
      seed,
      type,
      model,
      mode,
      input,
      creditsCost,
      createdAt,
      ...ahead,
      deadline,
      timeline,
      steps,
      rule,
      position,
      reads,
      output,
      error,
    }
  }
}
