/**
 * The public API's request and response shapes, in zod: the one schema that validation,
 * the OpenAPI document and the tests share. Request schemas depend on the scenario's
 * service settings (model name, versions, limits), so they are built per service. Each task
 * type's input schema is its own (src/domain/task-types/), built here with zod.
 */
import * as z from '../zod.js'
import { inputKit, kindOf, type InputKit } from '../domain/task-types/input-kit.js'
import { TASK_TYPE_LIST } from '../domain/task-types/index.js'
import { TASK_TYPES, type ServiceConfig, type TaskType } from '../domain/types.js'
import { inferred } from './inferred.js'

/** The builders a task type's input schemas are written with (domain/task-types/input-kit.ts), bound to the service. */
export const inputKitFor = (service: ServiceConfig): InputKit => inputKit({ z, inferred }, service)

/** Input schemas by task type, then mode (a type without modes has one, `input`), built for the service. */
export function inputSchemas(service: ServiceConfig, kit = inputKitFor(service)): Record<TaskType, Readonly<Record<string, z.ZodObject>>> {
  return Object.fromEntries(TASK_TYPE_LIST.map((type) => [type.name, type.inputs(kit)])) as Record<TaskType, Readonly<Record<string, z.ZodObject>>>
}

export function createBodySchema(service: ServiceConfig) {
  return z.looseObject({
    model: z
      .string({
        error: (issue) =>
          issue.input === undefined ? `required: the model name (${JSON.stringify(service.model)})` : `expected a string, got ${kindOf(issue.input)}`,
      })
      .refine((value) => value === service.model, {
        error: (issue) => `unsupported model ${JSON.stringify(issue.input)}; the only supported model is ${JSON.stringify(service.model)}`,
      })
      .meta({ const: service.model })
      .describe('The model name; one value is supported. Scenario key: `service.model`.'),
    task_type: z
      .enum(TASK_TYPES, {
        error: (issue) =>
          issue.input === undefined ? `required: one of ${TASK_TYPES.join(', ')}` : `expected one of ${TASK_TYPES.join(', ')}, got ${kindOf(issue.input)}`,
      })
      .describe('The task type'),
    input: z
      .record(z.string(), z.unknown(), {
        error: (issue) => (issue.input === undefined ? 'required: the task input (an object)' : `expected an object, got ${kindOf(issue.input)}`),
      })
      .describe('Task-specific input, returned as submitted'),
  })
}

/* Responses: response-schemas.ts, re-exported so both directions are found here. */
export {
  clipSchema,
  createdSchema,
  envelope,
  errorBodyFor,
  errorBodySchema,
  outputSchema,
  outputShapes,
  taskSchema,
  taskVariants,
  usageSchema,
} from './response-schemas.js'
