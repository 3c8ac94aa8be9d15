/**
 * The public API's response bodies, in zod: what respond.ts renders, what the OpenAPI document
 * publishes (src/openapi), and what every response seen in the tests is checked against.
 * Fields follow the spec's tables, in the spec's order; what the spec leaves open is marked
 * inferred (inferred.ts). Unlike requests, responses do not depend on the scenario.
 */
import * as z from '../zod.js'
import { DEFAULT_PRICES, TASK_TYPE_LIST } from '../domain/task-types/index.js'
import { TASK_TYPES, type TaskType } from '../domain/types.js'
import { inferred } from './inferred.js'

export const errorBodySchema = z
  .strictObject({
    code: z.number().int().describe('The HTTP status'),
    message: z.string().describe('What went wrong, and where (the field path for a 400)'),
  })
  .describe(inferred('every error body is {code, message}, code equal to the HTTP status'))

/** The error body of one status: `code` is that status. */
export function errorBodyFor(status: number) {
  return errorBodySchema.extend({ code: z.literal(status).describe('The HTTP status') })
}

const isoInstant = z.iso.datetime({ precision: 3 }).describe('ISO 8601 timestamp, UTC, millisecond precision')
const completedAt = isoInstant.describe('ISO 8601 timestamp of completion')

export const clipSchema = z
  .strictObject({
    id: z.string().describe('Clip identifier; usable as input.clip_id of a concat task'),
    audio_url: z.string().describe('URL of the audio file'),
    image_url: z.string().describe('URL of the cover image'),
    title: z.string(),
    duration: z.number().describe('Seconds'),
  })
  .describe('One generated clip (an entry of result)')

function output<R extends z.ZodType>(taskType: TaskType, result: R, description: string) {
  return z
    .looseObject({
      taskType: z.literal(taskType).describe('The task type'),
      taskId: z.string().describe("The upstream provider's own task identifier (different from task_id)"),
      status: z.string().describe('Upstream status text; a successful task carries completed'),
      progress: z.string().describe('Percentage text such as <n>%; 100% on completion'),
      failReason: z.string().nullable().describe('null when there is no failure'),
      result: z.array(result),
    })
    .describe(description)
}

/** Each task type's output: its `result` entry (domain/task-types/), in the envelope every type shares. */
export const outputShapes = TASK_TYPE_LIST.map((type) => {
  const shape = type.output({ z, inferred, clip: clipSchema })
  return { type: type.name, ...shape, schema: output(type.name, shape.entry, shape.description) }
})

type OutputVariant = ReturnType<typeof output>
export const outputSchema = z
  .discriminatedUnion('taskType', outputShapes.map(({ schema }) => schema) as [OutputVariant, ...OutputVariant[]])
  .describe('Model-specific results of a completed task, by taskType')

/** The Task resource in one status group: fields in the spec's order. */
function task<S extends z.ZodType, O extends z.ZodType, E extends z.ZodType, C extends z.ZodType>(
  status: S,
  output: O,
  error: E,
  completed: C,
  description: string,
) {
  return z
    .strictObject({
      task_id: z.string().describe('Unique task identifier (UUID-like text)'),
      model: z.string().describe('Model used; the value given at creation'),
      type: z.enum(TASK_TYPES).describe('The task type'),
      status,
      credits_cost: z.number().describe('Credits charged (or frozen) for the task'),
      input: z.record(z.string(), z.unknown()).describe('The input submitted at creation, returned as submitted'),
      output,
      error,
      created_at: isoInstant.describe('ISO 8601 timestamp of creation'),
      completed_at: completed,
    })
    .describe(description)
}

export const taskVariants = {
  inProgress: task(z.enum(['pending', 'running']), z.null(), z.null(), z.null(), 'A task in progress: output, error and completed_at are null.'),
  succeeded: task(z.literal('success'), outputSchema, z.null(), completedAt, 'A successful task: output is filled, error is null, completed_at is set.'),
  failed: task(
    z.literal('failure'),
    z.null(),
    z.string().describe('The error message'),
    completedAt,
    'A failed task: error carries the message, output is null, completed_at is set; its credits were refunded.',
  ),
  timedOut: task(
    z.literal('timeout'),
    z.null(),
    z.null(),
    completedAt,
    `A timed-out task; its credits were refunded. ${inferred('output and error are null, completed_at is set; a task not final 10 minutes after creation times out', 'service.timeout_after')}`,
  ),
}

export const taskSchema = z
  .discriminatedUnion('status', [taskVariants.inProgress, taskVariants.succeeded, taskVariants.failed, taskVariants.timedOut])
  .describe('The Task resource, by status')

const pricesText = Object.entries(DEFAULT_PRICES)
  .map(([type, price]) => `${type} ${price}`)
  .join(', ')

export const createdSchema = z
  .strictObject({
    task_id: z.string().describe('Identifier to use for polling'),
    type: z.enum(TASK_TYPES).describe('The submitted task type'),
    status: z.literal('pending').describe('Always pending'),
    credits_charged: z.number().describe(`Credits frozen for this task. ${inferred(`the default prices are ${pricesText}`, 'service.prices')}`),
    created_at: isoInstant,
  })
  .describe('A task just created')

export const usageSchema = z
  .strictObject({
    tasks_created: z.number(),
    credits_used: z.number().describe(`Credits used. ${inferred('charged plus currently frozen credits')}`),
    credits_topped_up: z.number().describe(`Credits topped up. ${inferred("an account's starting credits count as a top-up", 'accounts[].credits')}`),
  })
  .describe('Account usage statistics')

export function envelope<T extends z.ZodType>(code: number, data: T) {
  return z.strictObject({ code: z.literal(code).describe('Equal to the HTTP status'), data })
}
