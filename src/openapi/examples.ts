/**
 * Examples for the OpenAPI document, answered by the fake itself: a small scenario runs through
 * the public API functions (the same ones every door calls) with a manual clock and a fixed seed,
 * so every example body is a real, reproducible answer and cannot drift from the behaviour.
 */
import { createTask, getTask, getUsage, type Outcome } from '../api/public-api.js'
import { PUBLIC_ROUTES, type OperationId } from '../api/routes.js'
import { ManualClock } from '../domain/clock.js'
import { TASK_TYPE_LIST } from '../domain/task-types/index.js'
import type { ServiceConfig } from '../domain/types.js'
import { World } from '../domain/world.js'
import { formatScenarioError, parseScenarioObject } from '../scenario/load.js'

export interface Example {
  summary: string
  value: unknown
}

export type { OperationId } from '../api/routes.js'

export interface Examples {
  /** Create Task request bodies. */
  requests: Record<string, Example>
  /** Response bodies by operation, then status, then name. */
  responses: Record<OperationId, Record<number, Record<string, Example>>>
}

export const EXAMPLE_ORIGIN = 'http://127.0.0.1:4010'

const SCENARIO = {
  version: 1,
  name: 'openapi-examples',
  seed: 42,
  accounts: [
    { api_key: 'demo-key', credits: 1000 },
    { api_key: 'broke-key', credits: 0 },
    { api_key: 'down-key', credits: 1000 },
  ],
  timelines: {
    default: [{ status: 'pending', polls: 1 }, { status: 'running', polls: 1 }, { status: 'success' }],
    rejected: [
      { status: 'pending', polls: 1 },
      { status: 'failure', error: 'upstream rejected the prompt' },
    ],
    stuck: [{ status: 'pending', polls: 1 }, { status: 'timeout' }],
  },
  rules: [
    { match: { input: { gpt_description_prompt: { contains: 'fail' } } }, timeline: 'rejected' },
    { match: { input: { gpt_description_prompt: { contains: 'forever' } } }, timeline: 'stuck' },
  ],
  faults: [{ match: { api_key: 'down-key' }, respond: { status: 500 } }],
}

const body = (outcome: Outcome): { status: number; value: unknown } => {
  if (outcome.response === undefined) throw new Error('an example request met a drop fault')
  return { status: outcome.response.status, value: JSON.parse(outcome.response.body) as unknown }
}

/** Runs the examples scenario under `service` and collects what the fake answered. */
export function generateExamples(service: ServiceConfig): Examples {
  // The examples are one client's many requests in a row: a scenario's rate limit would turn them into 429s.
  const parsed = parseScenarioObject(SCENARIO, '<openapi examples>')
  if (!parsed.ok) throw new Error(parsed.errors.map(formatScenarioError).join('\n'))
  const scenario = { ...parsed.scenario, service: { ...service, rateLimitPerMinute: null } }
  const world = new World(scenario, new ManualClock(Date.parse('2026-01-01T00:00:00.000Z')))
  const requests: Examples['requests'] = {}
  const responses = Object.fromEntries(PUBLIC_ROUTES.map((route) => [route.operationId, {}])) as Examples['responses']
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed answer the examples walk into (the OpenAPI document checks its shape)
  const record = (operation: OperationId, name: string, summary: string, outcome: Outcome): any => {
    const { status, value } = body(outcome)
    ;(responses[operation][status] ??= {})[name] = { summary, value }
    return value
  }
  const post = (json: unknown, apiKey: string | null = 'demo-key', text = JSON.stringify(json)): Outcome =>
    createTask(world, { apiKey, origin: EXAMPLE_ORIGIN, contentType: 'application/json', body: text }).outcome
  const read = (id: string, apiKey: string | null = 'demo-key'): Outcome => getTask(world, { apiKey, origin: EXAMPLE_ORIGIN }, id).outcome
  /** Creates a task from a request example; its id. */
  const create = (name: string, summary: string, taskType: string, input: Record<string, unknown>): string => {
    requests[name] = { summary, value: { model: service.model, task_type: taskType, input } }
    const answer = body(post(requests[name].value))
    if (answer.status !== 202) throw new Error(`the OpenAPI examples could not create a ${name} task: ${JSON.stringify(answer.value)}`)
    return (answer.value as { data: { task_id: string } }).data.task_id
  }
  /** Example text within the scenario's limit for the field. */
  const fit = (text: string, limit: keyof ServiceConfig['limits']): string => text.slice(0, service.limits[limit])
  /** Reads a task until it is final; records the final answer. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a parsed answer the examples walk into (the OpenAPI document checks its shape)
  const finish = (name: string, summary: string, id: string): any => {
    let outcome = read(id)
    while (/"status":"(pending|running)"/.test(outcome.response?.body ?? '')) outcome = read(id)
    return record('getTask', name, summary, outcome)
  }
  const kit = (clip: string) => ({ fit, clip, defaultVersion: service.defaultVersion })
  // Every type's examples in the list's order (each created task takes the next ordinal). The
  // first is the task the others read, continue, fail and refuse: a music task, finished.
  const [main, ...rest] = TASK_TYPE_LIST.flatMap((type) => type.examples.map((example) => ({ type: type.name, example })))
  const music = { model: service.model, task_type: main!.type, input: main!.example.input(kit('')) }
  requests[main!.example.name] = { summary: main!.example.summary, value: music }

  const id = record('createTask', 'created', `A ${main!.type} task, accepted`, post(music)).data.task_id as string
  record('getTask', 'pending', 'Just created: pending', read(id))
  record('getTask', 'running', 'Being processed upstream: running', read(id))
  const clip = finish(main!.example.finished!.name, main!.example.finished!.summary, id).data.output.result[0].id as string
  for (const { type, example } of rest) {
    const created = create(example.name, example.summary, type, example.input(kit(clip)))
    if (example.finished !== undefined) finish(example.finished.name, example.finished.summary, created)
  }
  const created = (prompt: string) => create(prompt, '', 'music', { gpt_description_prompt: fit(prompt, 'gpt_description_prompt') })
  finish('failure', 'A failed task: error set, credits refunded', created('fail, please'))
  finish('timeout', 'A timed-out task: credits refunded', created('forever, please'))
  for (const internal of ['fail, please', 'forever, please']) delete requests[internal]

  const bad = (name: string, summary: string, input: unknown, extra: Record<string, unknown> = {}) =>
    record('createTask', name, summary, post({ model: service.model, task_type: 'music', input, ...extra }))
  bad('model-missing', 'A required field missing', {}, { model: undefined })
  bad('task-type-invalid', 'An invalid task type', {}, { task_type: 'video' })
  bad('version-invalid', 'An unsupported model version', { gpt_description_prompt: 'x', mv: 'voice-v9' })
  bad('too-long', 'A text field over its limit (inferred)', { gpt_description_prompt: 'x'.repeat(service.limits.gpt_description_prompt + 1) })
  bad('modes-mixed', 'Two music modes at once (inferred)', { gpt_description_prompt: 'x', prompt: '[Verse] hi' })
  record('createTask', 'malformed', 'A body that is not JSON', post(null, 'demo-key', '{"model":'))
  record('createTask', 'key-missing', 'No x-api-key header', post(music, null))
  record('createTask', 'key-invalid', 'An unknown key', post(music, 'no-such-key'))
  record('createTask', 'insufficient-credits', 'Not enough credits', post(music, 'broke-key'))
  const tooLarge = { tooLarge: service.maxBodyBytes + 1 }
  record(
    'createTask',
    'too-large',
    'A body over the size limit (inferred)',
    createTask(world, { apiKey: 'demo-key', origin: EXAMPLE_ORIGIN, contentType: 'application/json', body: tooLarge }).outcome,
  )
  record('createTask', 'internal-error', 'Internal server error', post(music, 'down-key'))
  record('getTask', 'not-found', 'No such task, or the task of another account', read('00000000-0000-4000-8000-000000000000'))
  record('getTask', 'key-missing', 'No x-api-key header', read(id, null))
  record('getTask', 'internal-error', 'Internal server error', read(id, 'down-key'))
  record('getUsage', 'usage', 'Usage of the account after the examples above', getUsage(world, { apiKey: 'demo-key', origin: EXAMPLE_ORIGIN }).outcome)
  record('getUsage', 'key-invalid', 'An unknown key', getUsage(world, { apiKey: 'no-such-key', origin: EXAMPLE_ORIGIN }).outcome)
  record('getUsage', 'internal-error', 'Internal server error', getUsage(world, { apiKey: 'down-key', origin: EXAMPLE_ORIGIN }).outcome)
  // A store at its cap (service.max_tasks) answers the 503.
  const full = new World({ ...scenario, service: { ...service, maxTasks: 0 } }, new ManualClock(world.clock.now()))
  record(
    'createTask',
    'store-full',
    "The fake's task store is full (fake-specific)",
    createTask(full, { apiKey: 'demo-key', origin: EXAMPLE_ORIGIN, contentType: 'application/json', body: JSON.stringify(music) }).outcome,
  )
  // The rate limiter itself answers the 429s: a limit of one request a minute, met by the first.
  const limited = new World({ ...scenario, service: { ...service, rateLimitPerMinute: 1 } }, new ManualClock(world.clock.now()))
  const asDemo = { apiKey: 'demo-key', origin: EXAMPLE_ORIGIN }
  getUsage(limited, asDemo)
  record(
    'createTask',
    'rate-limited',
    'Too many requests (inferred)',
    createTask(limited, { ...asDemo, contentType: 'application/json', body: JSON.stringify(music) }).outcome,
  )
  record('getTask', 'rate-limited', 'Too many requests (inferred)', getTask(limited, asDemo, id).outcome)
  record('getUsage', 'rate-limited', 'Too many requests (inferred)', getUsage(limited, asDemo).outcome)
  return { requests, responses }
}
