/** Rules (which timeline a new task takes) and faults (what a request meets before its normal answer). */
import * as z from '../zod.js'
import { ENDPOINTS } from '../domain/endpoint.js'
import { TASK_TYPE_LIST } from '../domain/task-types/index.js'
import { TASK_MODES, TASK_TYPES } from '../domain/types.js'
import { FAULT_KEYS, FAULT_KINDS, type FaultKey, type SchemaKit } from '../domain/fault-kinds/index.js'
import { duration, expecting, nonEmptyString, positiveInt, positiveNumber, regexSource } from './fields.js'
import { timelineRefSchema } from './schema-steps.js'

/** For editors: exactly one of `keys` is present (the loader checks it in checks.ts, with a clearer message). */
/** `match.mode`: each type's input modes (task-types/). */
const MODE_DESCRIPTION = `The input mode, chosen by which input fields are sent: ${TASK_TYPE_LIST.filter((type) => type.modes !== undefined)
  .map((type) => `${type.modes!.join(', ')} (${type.name})`)
  .join('; ')}.`

const exactlyOneOf = (...keys: string[]) => keys.map((key) => ({ required: [key] }))
const text = (what: string) => z.string({ error: expecting(what) })
const mapping = <Shape extends z.$ZodLooseShape>(shape: Shape, what: string) => z.strictObject(shape, { error: expecting(what) })

const predicateSchema = mapping(
  {
    equals: z.unknown().optional().describe('The field is present and equal to this value (compared as JSON).'),
    contains: text('a string').optional().describe('The field is a string that contains this text.'),
    matches: regexSource()
      .optional()
      .describe(
        'The field is a string this pattern matches somewhere in: RE2 syntax, which is JavaScript regular expression syntax without backreferences or lookaround, matched in linear time (no slashes, no flags; at most 1000 characters).',
      ),
    exists: z
      .boolean({ error: expecting('true or false') })
      .optional()
      .describe('true: the field is present; false: absent.'),
  },
  'a mapping with one of equals, contains, matches, exists',
).meta({
  description: 'A test on one input field: exactly one of equals, contains, matches, exists.',
  oneOf: exactlyOneOf('equals', 'contains', 'matches', 'exists'),
})

const ruleMatchSchema = mapping(
  {
    task_type: z.enum(TASK_TYPES).optional().describe('The task type.'),
    api_key: text('an API key (a string)').optional().describe('The API key that creates the task.'),
    mode: z.enum(TASK_MODES).optional().describe(MODE_DESCRIPTION),
    mv: text('a model version (a string)').optional().describe('The model version, input.mv after its default applies.'),
    input: z
      .record(z.string(), predicateSchema, { error: expecting('a mapping of input field names to tests') })
      .optional()
      .describe('Tests on input fields, by field name; all must hold.'),
    nth: positiveInt().optional().describe('Only the nth task (1-based) that matches the rest of this rule.'),
    times: positiveInt().optional().describe('At most this many tasks take this rule.'),
  },
  'a mapping of conditions',
).describe('Conditions on the new task, all of which must hold. Empty or absent: every task.')

const weightedSchema = mapping(
  { weight: positiveNumber().describe('Relative weight of this choice.'), timeline: timelineRefSchema },
  'a mapping with weight and timeline',
).describe('One choice of one_of.')

export const ruleSchema = mapping(
  {
    match: ruleMatchSchema.optional(),
    timeline: timelineRefSchema.optional(),
    one_of: z
      .array(weightedSchema, { error: expecting('a list of { weight, timeline }') })
      .min(1, { error: 'expected at least one { weight, timeline }, got an empty list' })
      .optional()
      .describe('Timelines to draw from (seeded), by weight.'),
  },
  'a rule (a mapping with match and timeline or one_of)',
).meta({
  description: 'When a task matches, it takes timeline, or one drawn from one_of. First match wins.',
  oneOf: exactlyOneOf('timeline', 'one_of'),
})

const probabilityError = expecting('a probability between 0 and 1')
const faultMatchSchema = mapping(
  {
    endpoint: z
      .enum([...ENDPOINTS, 'any'])
      .optional()
      .describe('The endpoint the request is for; any (the default) is every endpoint.'),
    api_key: text('an API key (a string)').optional().describe('The API key of the request.'),
    task_type: z.enum(TASK_TYPES).optional().describe('The task type of the request (create) or of the task it reads.'),
    nth: positiveInt().optional().describe('Only the nth request (1-based) that matches the rest of this fault.'),
    times: positiveInt().optional().describe('At most this many requests meet this fault.'),
    probability: z
      .number({ error: probabilityError })
      .min(0, { error: probabilityError })
      .max(1, { error: probabilityError })
      .optional()
      .describe('Chance (drawn from the seed) that a matching request meets the fault.'),
  },
  'a mapping of conditions',
).describe('Conditions on the request, all of which must hold. Empty or absent: every request.')

/** The scenario's field helpers, for the fault kinds' schemas (the kinds live in the domain, below this layer). */
const kit: SchemaKit = { z, expecting, duration, nonEmptyString }
const valueSchemas = new Map(FAULT_KINDS.map((kind) => [kind.key, kind.schema(kit)]))

/** Whether `value` is a valid value of the fault kind `key` (checks.ts asks before it reports what the schema cannot). */
export function isFaultValue(key: FaultKey, value: unknown): boolean {
  return value !== undefined && valueSchemas.get(key)!.safeParse(value).success
}

type Kind = (typeof FAULT_KINDS)[number]
/** One optional key per fault kind, each with its kind's schema. */
type ActionShape = { [K in Kind as K['key']]: ReturnType<K['schema']> }
const actionShape = Object.fromEntries(valueSchemas) as ActionShape

/** `a, b or c` */
const orList = (words: readonly string[]) => (words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`)

export const faultSchema = mapping({ match: faultMatchSchema.optional(), ...actionShape }, 'a fault (a mapping with match and one action)').meta({
  description: `When a request matches, it meets one action: ${orList(FAULT_KEYS)}. A fault on create never charges.`,
  oneOf: exactlyOneOf(...FAULT_KEYS),
})
