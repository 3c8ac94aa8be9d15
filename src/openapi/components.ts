/**
 * `components.schemas` of the OpenAPI document, generated with zod's `toJSONSchema` from the
 * schemas the fake validates and answers with. Every named schema is registered once; where one
 * uses another, the output has a `$ref` to it. Draft 2020-12 is the dialect of OpenAPI 3.1.
 */
import * as z from '../zod.js'
import {
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
} from '../api/schemas.js'
import { TASK_TYPES, type ServiceConfig } from '../domain/types.js'
import { requestSchemas } from './request-schema.js'

export type JsonSchema = Record<string, unknown>

/** Every status an operation of the public API documents; each has an error body schema `Error<status>`. */
export const ERROR_STATUSES = [400, 401, 402, 404, 413, 429, 500, 503] as const

/** A task type's name as the first word of a component name: `music` → `Music`. */
const capital = (type: string): string => `${type[0]!.toUpperCase()}${type.slice(1)}`

export const ref = (id: string): JsonSchema => ({ $ref: `#/components/schemas/${id}` })

/**
 * `{propertyName, mapping}`: the mapping lists every value of the tag with the schema it selects.
 * Without it, client generators (openapi-typescript) take the schema's name as the tag's value
 * and type `status` as `"TaskSucceeded"` instead of `"success"`. A mapping can only name
 * components: a union with an unnamed branch keeps the property name only (none is left: every
 * branch of the document's unions is a component).
 */
function discriminatorOf(propertyName: string, options: readonly z.$ZodType[], idOf: ReadonlyMap<z.$ZodType, string>): JsonSchema {
  const mapping: Record<string, string> = {}
  for (const option of options) {
    const id = idOf.get(option)
    const values = option._zod.propValues?.[propertyName]
    if (id === undefined || values === undefined) return { propertyName }
    for (const value of values) mapping[String(value)] = ref(id).$ref as string
  }
  return { propertyName, mapping }
}

function generate(entries: ReadonlyArray<readonly [string, z.ZodType]>, io: 'input' | 'output'): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>()
  for (const [id, schema] of entries) registry.add(schema, { id })
  const idOf = new Map<z.$ZodType, string>(entries.map(([id, schema]) => [schema, id]))
  const { schemas } = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io,
    uri: (id) => `#/components/schemas/${id}`,
    // A discriminated union names its tag, so tools (and the response checks) pick the one branch to report on.
    override: ({ zodSchema, jsonSchema }) => {
      const def = zodSchema._zod.def as { type: string; discriminator?: string; options?: z.$ZodType[] }
      if (def.type === 'union' && def.discriminator !== undefined) {
        jsonSchema.type = 'object'
        jsonSchema.discriminator = discriminatorOf(def.discriminator, def.options ?? [], idOf)
      }
    },
  }) as {
    schemas: Record<string, JsonSchema>
  }
  // Each schema is part of the document, not a document of its own: no $schema or $id.
  return Object.fromEntries(
    entries.map(([id]) => {
      const { $schema: _dialect, $id: _id, ...schema } = schemas[id]!
      return [id, schema]
    }),
  )
}

export function componentSchemas(service: ServiceConfig): Record<string, JsonSchema> {
  const request = requestSchemas(service)
  const requests = generate(
    [
      ['CreateTaskRequest', request.createTask],
      ...TASK_TYPES.map((type): [string, z.ZodType] => [`Create${capital(type)}TaskRequest`, request.byType[type]]),
      // Each type's input, then the named schemas it is made of (music: its three modes).
      ...TASK_TYPES.flatMap((type) => [[`${capital(type)}Input`, request.inputOf[type].input] as const, ...request.inputOf[type].parts]),
    ],
    'input',
  )
  const responses = generate(
    [
      ['TaskCreatedResponse', envelope(202, createdSchema)],
      ['TaskResponse', envelope(200, taskSchema)],
      ['UsageResponse', envelope(200, usageSchema)],
      ['TaskCreated', createdSchema],
      ['Task', taskSchema],
      ['TaskInProgress', taskVariants.inProgress],
      ['TaskSucceeded', taskVariants.succeeded],
      ['TaskFailed', taskVariants.failed],
      ['TaskTimedOut', taskVariants.timedOut],
      ['Output', outputSchema],
      ...outputShapes.map(({ type, schema }) => [`${capital(type)}Output`, schema] as const),
      ['Clip', clipSchema],
      // The result entries of a type's own (the others are clips).
      ...outputShapes.flatMap(({ entryName, entry }) => (entryName === undefined ? [] : [[entryName, entry] as const])),
      ['Usage', usageSchema],
      ['Error', errorBodySchema],
      ...ERROR_STATUSES.map((status) => [`Error${status}`, errorBodyFor(status)] as const),
    ],
    'output',
  )
  return { ...requests, ...responses }
}
