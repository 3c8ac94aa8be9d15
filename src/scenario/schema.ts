/**
 * The scenario file format, written once: validation, defaults, the JSON Schema for editors
 * (json-schema.ts) and docs/scenarios.md (checked by test/scenario/docs.test.ts) all follow it.
 * Objects are strict: an unknown key is a mistake, reported with a did-you-mean.
 */
import * as z from '../zod.js'
import * as defaults from './defaults.js'
import { TASK_TYPES, type TaskType } from '../domain/types.js'
import { TEXT_LIMITS, type LimitName } from '../domain/task-types/index.js'
import {
  clockSpeed,
  duration,
  DURATION_EXPECTED,
  expecting,
  isoInstant,
  nonEmptyString,
  nonNegativeInt,
  positiveInt,
  positiveNumber,
  seedInt,
} from './fields.js'
import { faultSchema, ruleSchema } from './schema-rules.js'
import { timelineSchema } from './schema-steps.js'

/** The endpoints a rate limit can count: the public API's (media files are never limited). */
const RATE_LIMITED_ENDPOINTS = ['create', 'get_task', 'usage'] as const

function maxAudioSeconds() {
  const error = expecting(`a number greater than 0 and at most ${defaults.MAX_AUDIO_SECONDS_LIMIT}`)
  return z.number({ error }).positive({ error }).max(defaults.MAX_AUDIO_SECONDS_LIMIT, { error })
}

const mapping = <Shape extends z.$ZodLooseShape>(shape: Shape, what: string) => z.strictObject(shape, { error: expecting(what) })

const manualClock = z
  .strictObject({
    mode: z.literal('manual').describe('Time moves only when told to (the admin clock endpoints).'),
    start: isoInstant().default(defaults.DEFAULT_CLOCK_START).describe('The clock at the start; at most 9999-12-31T23:59:59.999Z.'),
    tick: duration()
      .optional()
      .describe(
        "Each task's own time, e.g. 10s: a key's nth task is created n ticks after the clock, and each read by its owner moves that task's time on by one tick before it answers. Timed steps and timestamps move as a client polls, never with other tasks' or keys' requests, and runs stay byte-identical. Left out: tasks follow the clock, which moves only when told to.",
      ),
  })
  .describe('A clock that moves only when told to: the same requests give the same answers.')

const autoClock = z
  .strictObject({
    mode: z.literal('auto').describe('Time follows the real clock, sped up by speed.'),
    speed: clockSpeed()
      .default(defaults.DEFAULT_AUTO_CLOCK_SPEED)
      .describe('Clock seconds per real second, e.g. 60; at most 1000000. The clock stops at 9999-12-31T23:59:59.999Z.'),
    start: isoInstant().optional().describe('The clock at the start; the real time by default.'),
  })
  .describe('A clock that follows real time, sped up by speed.')

const clockSchema = z
  .discriminatedUnion('mode', [manualClock, autoClock], { error: expecting('{ mode: manual } or { mode: auto }') })
  .default({ mode: 'manual', start: defaults.DEFAULT_CLOCK_START })
  .describe('The clock tasks, timeouts and timestamps follow.')

const { DEFAULT_PRICES: PRICES, DEFAULT_LIMITS: LIMITS } = defaults
const price = (type: string) => nonNegativeInt().describe(`Credits a ${type} task costs.`)
const limit = (field: string) => positiveInt().describe(`Maximum length in characters of ${field}.`)

const pricesSchema = mapping(
  // One price per task type (TASK_TYPES, domain/types.ts), in that order.
  Object.fromEntries(TASK_TYPES.map((type) => [type, price(type).default(PRICES[type])])) as Record<TaskType, z.ZodDefault<ReturnType<typeof price>>>,
  'a mapping of task types to prices',
)
  .default({ ...PRICES })
  .describe('Credits per task type, frozen at create; the types left out keep their default.')

const limitsSchema = mapping(
  // One limit per text field the task types declare (TEXT_LIMITS, domain/task-types/), in that order.
  Object.fromEntries(TEXT_LIMITS.map(([name, { describes }]) => [name, limit(describes).default(LIMITS[name])])) as Record<
    LimitName,
    z.ZodDefault<ReturnType<typeof limit>>
  >,
  'a mapping of field names to maximum lengths',
)
  .default({ ...LIMITS })
  .describe('Maximum lengths of text input fields; longer answers 400. The fields left out keep their default.')

const serviceSchema = mapping(
  {
    model: nonEmptyString().default(defaults.DEFAULT_MODEL).describe('The one accepted model name.'),
    versions: z
      .array(nonEmptyString(), { error: expecting('a list of model versions') })
      .min(1, { error: 'expected at least one model version, got an empty list' })
      .default([...defaults.DEFAULT_VERSIONS])
      .describe('Accepted values of input.mv.'),
    default_version: nonEmptyString().default(defaults.DEFAULT_VERSION).describe('input.mv of a music task that leaves it out; one of versions.'),
    prices: pricesSchema,
    timeout_after: duration(`${DURATION_EXPECTED}, or null`)
      .nullable()
      .default(defaults.DEFAULT_TIMEOUT_AFTER)
      .describe('A task not final this long after creation turns into timeout (at most 87600h, 10 years); null: never.'),
    limits: limitsSchema,
    max_body_bytes: positiveInt().default(defaults.DEFAULT_MAX_BODY_BYTES).describe('Request bodies larger than this many bytes answer 413.'),
    max_input_bytes: positiveInt()
      .default(defaults.DEFAULT_MAX_INPUT_BYTES)
      .describe("A create's input, as JSON, larger than this many bytes answers 400; each stored task holds its input."),
    max_tasks: positiveInt()
      .default(defaults.DEFAULT_MAX_TASKS)
      .describe('Tasks the fake stores at most; a create past it answers 503 and charges nothing. Tasks are never evicted.'),
    rate_limit: mapping(
      {
        per_minute: positiveInt().describe('Requests per API key per minute; more answer 429.'),
        endpoints: z
          .array(z.enum(RATE_LIMITED_ENDPOINTS, { error: expecting(`one of ${RATE_LIMITED_ENDPOINTS.join(', ')}`) }), {
            error: expecting('a list of endpoints'),
          })
          .min(1, { error: 'expected at least one endpoint, got an empty list' })
          .optional()
          .describe(
            'The endpoints the limit counts and limits, in one window per key (e.g. [create]: per_minute creates a minute, reads not limited). Left out: every endpoint shares the window, as on the real service.',
          ),
        real_time: z
          .boolean({ error: expecting('true or false') })
          .optional()
          .describe(
            'true: count real minutes on an auto clock (its speed does not shorten the window) and real seconds in Retry-After; needs clock.mode: auto.',
          ),
      },
      '{ per_minute: N } or null',
    )
      .nullable()
      .default(null)
      .describe('Per-key rate limit; null: none.'),
    media: mapping(
      {
        audio_seconds: positiveNumber()
          .nullable()
          .default(null)
          .describe("Audio files last at most this many seconds (short downloads in tests); null: each clip's duration."),
        max_audio_seconds: maxAudioSeconds()
          .default(defaults.DEFAULT_MAX_AUDIO_SECONDS)
          .describe(
            "No audio file lasts longer than this many seconds, whatever a clip's duration says (an output override can say 100000); at most 36000. Files are streamed (8000 bytes per second).",
          ),
      },
      'a mapping of media settings',
    )
      .default({ audio_seconds: null, max_audio_seconds: defaults.DEFAULT_MAX_AUDIO_SECONDS })
      .describe('The generated media files that output URLs serve.'),
  },
  'a mapping of service settings',
)
  .default({
    model: defaults.DEFAULT_MODEL,
    versions: [...defaults.DEFAULT_VERSIONS],
    default_version: defaults.DEFAULT_VERSION,
    prices: { ...PRICES },
    timeout_after: defaults.DEFAULT_TIMEOUT_AFTER,
    limits: { ...LIMITS },
    max_body_bytes: defaults.DEFAULT_MAX_BODY_BYTES,
    max_input_bytes: defaults.DEFAULT_MAX_INPUT_BYTES,
    max_tasks: defaults.DEFAULT_MAX_TASKS,
    rate_limit: null,
    media: { audio_seconds: null, max_audio_seconds: defaults.DEFAULT_MAX_AUDIO_SECONDS },
  })
  .describe('How the service behaves where its spec is silent.')

const accountSchema = mapping(
  {
    api_key: nonEmptyString().describe('The key clients send in x-api-key; unique in the file.'),
    credits: nonNegativeInt().describe('Starting credits (counted as a top-up).'),
  },
  'an account ({ api_key, credits })',
).describe('An account that exists at the start.')

export const scenarioSchema = mapping(
  {
    version: z.literal(1, { error: expecting('1 (the only version of the scenario format)') }).describe('The scenario format version: 1.'),
    name: z
      .string({ error: expecting('a string') })
      .optional()
      .describe("The scenario's name; the file name by default."),
    description: z
      .string({ error: expecting('a string') })
      .default('')
      .describe('What the scenario is for.'),
    seed: seedInt().default(defaults.DEFAULT_SEED).describe('Ids, outputs and random draws derive from it.'),
    clock: clockSchema,
    service: serviceSchema,
    accounts: z
      .array(accountSchema, { error: expecting('a list of accounts') })
      .default([])
      .describe('Accounts that exist at the start.'),
    timelines: z
      .record(z.string(), timelineSchema, { error: expecting('a mapping of timeline names to lists of steps') })
      .default({})
      .describe('Named timelines. The one named default is for tasks that match no rule (built in: pending, running, success).'),
    rules: z
      .array(ruleSchema, { error: expecting('a list of rules') })
      .default([])
      .describe('Which timeline a new task takes; first match wins, evaluated at creation.'),
    faults: z
      .array(faultSchema, { error: expecting('a list of faults') })
      .default([])
      .describe('What requests meet before their normal answer; first match wins.'),
  },
  'a scenario (a mapping with at least version: 1)',
).meta({
  title: 'audio-task-mock scenario',
  description: 'A scenario of audio-task-mock: accounts, service settings, task timelines, rules and faults.',
})

/** A scenario file after validation, defaults filled in. */
export type ScenarioFile = z.output<typeof scenarioSchema>
/** A scenario file as written. */
export type ScenarioFileInput = z.input<typeof scenarioSchema>
