/**
 * The public API as plain functions: a request in (key, origin, body text), an outcome out
 * (a response, or a dropped connection, possibly after a delay; request.ts). Every door calls
 * these through the dispatch; no door holds a rule of its own. Each request takes the same road,
 * in this order:
 *
 *   authenticate (401) → rate limit (429) → body checks (413, 400)
 *     → scenario fault → answer (400, 402, 404, 503 or success) → rate-limit headers
 *
 * `pipeline` below is that road; each endpoint gives it its steps (`Steps`). Each endpoint hands
 * back its outcome with what the journal says of the request (`Answered`); the dispatch's
 * finishing step then sends the answer and journals it, as sent (src/dispatch/finish.ts). Routes
 * are in routes.ts, error words in errors.ts.
 */
import { TASK_TYPES, type Endpoint, type TaskType } from '../domain/types.js'
import { usageOf } from '../domain/ledger.js'
import { hash53 } from '../domain/random.js'
import type { Account, Task, World } from '../domain/world.js'
import { applyFault, traceOf } from './fault.js'
import { sent } from './journal-record.js'
import { exceedsDepth, MAX_JSON_DEPTH } from './json-depth.js'
import { rateLimit, withRateHeaders } from './rate-limit.js'
import { now, type Answered, type ApiRequest, type BodyRequest, type Outcome } from './request.js'
import { failWith, ok, renderCreated, renderTask, type ApiResponse } from './respond.js'
import { pathOf, routeOf, type PublicEndpoint } from './routes.js'
import { validateCreate } from './validate.js'

export type { Answered, ApiRequest, BodyRequest, JournalEntry, Outcome } from './request.js'
export { defaultFaultMessage } from './errors.js'
export type { Endpoint }

export function authenticate(world: World, apiKey: string | null): Account | ApiResponse {
  if (apiKey === null || apiKey === '') return { ...failWith('missingApiKey'), cause: { kind: 'auth', reason: 'missing_key' } }
  return world.account(apiKey) ?? { ...failWith('invalidApiKey'), cause: { kind: 'auth', reason: 'invalid_key' } }
}

/** A body check's refusal (413, 400): answered at once, before faults. */
class Refused {
  constructor(readonly response: ApiResponse) {}
}

/** What an endpoint adds to the pipeline. `I` is what the answer reads: the parsed body, or the route's parameter. */
interface Steps<R extends ApiRequest, I> {
  readonly endpoint: PublicEndpoint
  /** Body checks (absent: the input is the route's parameter). */
  check?(world: World, request: R): I | Refused
  /** The task type the scenario's faults match on. */
  taskType(world: World, account: Account, input: I): TaskType | null
  answer(world: World, account: Account, request: R, input: I): ApiResponse
  /** The answer under a `stale` fault (absent: the normal one). */
  stale?(world: World, account: Account, request: R, input: I): ApiResponse
}

function pipeline<R extends ApiRequest, I>(world: World, request: R, steps: Steps<R, I>, param: I): Outcome {
  const account = authenticate(world, request.apiKey)
  if ('status' in account) return now(account)
  const limit = rateLimit(world, account, steps.endpoint)
  if (limit !== null && limit.refused !== null) return now(limit.refused)
  const input = steps.check === undefined ? param : steps.check(world, request)
  const outcome =
    input instanceof Refused ? now({ ...input.response, cause: { kind: 'validation', field: 'body' } }) : answerWithFault(world, account, request, steps, input)
  return limit === null ? outcome : withRateHeaders(outcome, limit.headers)
}

function answerWithFault<R extends ApiRequest, I>(world: World, account: Account, request: R, steps: Steps<R, I>, input: I): Outcome {
  const decision = world.fault({ endpoint: steps.endpoint, apiKey: account.apiKey, taskType: steps.taskType(world, account, input) })
  const fault = decision.action
  // No fault (most requests): the answer itself, without the fault's wrapping.
  if (fault === null) {
    const response = steps.answer(world, account, request, input)
    return { response, delayMs: 0, fault, trace: traceOf(decision, response.rules) }
  }
  const { stale } = steps
  const faulted = applyFault(
    fault,
    () => steps.answer(world, account, request, input),
    stale === undefined ? undefined : () => stale(world, account, request, input),
  )
  if (faulted.drop) return { drop: true, delayMs: 0, fault, trace: traceOf(decision) }
  const response = faulted.answer ?? faulted.response
  return { response, delayMs: faulted.delayMs, fault, trace: traceOf(decision, response.rules) }
}

/* Create Task. */

function taskTypeOf(body: unknown): TaskType | null {
  if (typeof body !== 'object' || body === null) return null
  const type = (body as Record<string, unknown>)['task_type']
  return (TASK_TYPES as readonly unknown[]).includes(type) ? (type as TaskType) : null
}

/** The field a validation message starts with (`input.prompt: …`), or null when it names none. */
function fieldOf(message: string): string | null {
  return /^([A-Za-z_][\w.[\]]*): /.exec(message)?.[1] ?? null
}

const CREATE: Steps<BodyRequest, unknown> = {
  endpoint: 'create',
  check(world, request) {
    if (typeof request.body !== 'string') {
      const refused = failWith('bodyTooLarge', request.body.tooLarge, world.scenario.service.maxBodyBytes)
      // The rest of the body is never read: close the connection rather than leave it half-consumed.
      return new Refused({ ...refused, headers: { connection: 'close' } })
    }
    const type = (request.contentType ?? '').split(';', 1)[0]!.trim().toLowerCase()
    if (type !== 'application/json') return new Refused(failWith('notJson', type))
    if (request.body.trim() === '') return new Refused(failWith('emptyBody'))
    if (exceedsDepth(request.body, MAX_JSON_DEPTH)) return new Refused(failWith('tooDeep', MAX_JSON_DEPTH))
    try {
      return JSON.parse(request.body) as unknown
    } catch (error) {
      return new Refused(failWith('malformedJson', (error as Error).message))
    }
  },
  taskType: (_world, _account, body) => taskTypeOf(body),
  answer(world, account, _request, body) {
    const valid = validateCreate(body, world.scenario.service)
    if (!valid.ok) return { ...failWith('invalidBody', valid.message), cause: { kind: 'validation', field: fieldOf(valid.message) } }
    const created = world.create(account, valid.request)
    if (!created.ok) {
      const { error } = created
      if (error.kind === 'store_full') return { ...failWith('storeFull', error.capacity), cause: { kind: 'store_full' } }
      const { available, required } = error
      return { ...failWith('insufficientCredits', available, required), cause: { kind: 'ledger', available, required } }
    }
    const response = ok(202, renderCreated(created.task))
    response.created = { id: created.task.id, type: created.task.type }
    if (created.rule !== null || created.misses !== null) response.rules = { fired: created.rule, misses: created.misses }
    return response
  },
}

/* Get Task: the input is the task id. */

/**
 * The rendered 200 body of finished tasks, per task and origin: a finished task never changes
 * again, so its body is rendered (JSON.stringify) once, not on every read. Bounded: a client reads
 * a finished task a few times at most, and the store may hold many; keyed by the Task object, so
 * a reset or a restored snapshot (new Task objects) never meets an old body.
 */
const FINISHED_BODIES_MAX = 256
const finishedBodies = new Map<Task, { origin: string; body: string }>()

function taskAnswer(task: Task, origin: string): ApiResponse {
  if (task.position.completedAt === null) return ok(200, renderTask(task, origin))
  const cached = finishedBodies.get(task)
  if (cached !== undefined && cached.origin === origin) return { status: 200, body: cached.body }
  const response = ok(200, renderTask(task, origin))
  if (finishedBodies.size >= FINISHED_BODIES_MAX) finishedBodies.clear()
  finishedBodies.set(task, { origin, body: response.body })
  return response
}

const GET_TASK: Steps<ApiRequest, string> = {
  endpoint: 'get_task',
  taskType(world, account, taskId) {
    const owned = world.tasks.get(taskId)
    return owned !== undefined && owned.apiKey === account.apiKey ? owned.type : null
  },
  answer(world, account, request, taskId) {
    const task = world.read(account, taskId)
    return task === undefined ? { ...failWith('taskNotFound', taskId), cause: { kind: 'not_found' } } : taskAnswer(task, request.origin)
  },
  stale(world, account, request, taskId) {
    const task = world.tasks.get(taskId)
    return task === undefined || task.apiKey !== account.apiKey ? failWith('taskNotFound', taskId) : taskAnswer(task, request.origin)
  },
}

/* Get account usage. */

const USAGE: Steps<ApiRequest, null> = {
  endpoint: 'usage',
  taskType: () => null,
  answer: (world, account) => ok(200, world.usage(account)),
  stale: (_world, account) => ok(200, usageOf(account.ledger)),
}

/*
 * The three endpoints: each runs the pipeline and says what the journal records of the request;
 * the dispatch journals it once the answer is sent, whichever door it came through. No request
 * moves the clock (decision 038).
 */

const CREATE_ROUTE = routeOf('create')
const GET_TASK_ROUTE = routeOf('get_task')
const USAGE_ROUTE = routeOf('usage')

export function createTask(world: World, request: BodyRequest): Answered {
  // The journal shows the balance before the request.
  const account = request.apiKey === null ? undefined : world.account(request.apiKey)
  const credits = account === undefined ? null : { available: account.ledger.available, toppedUp: account.ledger.topped_up }
  const outcome = pipeline(world, request, CREATE, undefined)
  const created = outcome.response?.created
  const { body } = request
  return {
    world,
    outcome,
    sent: sent(world, request, typeof body === 'string' ? body : `(${body.tooLarge} bytes or more: not read)`),
    method: CREATE_ROUTE.method,
    path: pathOf('create'),
    endpoint: 'create',
    apiKey: request.apiKey,
    taskId: created?.id ?? null,
    taskType: created?.type ?? null,
    taskStatus: null,
    fingerprint: typeof body === 'string' ? hash53(body) : null,
    credits,
  }
}

export function getTask(world: World, request: ApiRequest, taskId: string): Answered {
  const outcome = pipeline(world, request, GET_TASK, taskId)
  // The journal shows the status the answer showed.
  const task = outcome.response?.status === 200 ? world.tasks.get(taskId) : undefined
  return {
    world,
    outcome,
    sent: sent(world, request, null),
    method: GET_TASK_ROUTE.method,
    path: pathOf('get_task', taskId),
    endpoint: 'get_task',
    apiKey: request.apiKey,
    taskId,
    taskType: task?.type ?? null,
    taskStatus: task?.position.status ?? null,
    fingerprint: null,
    credits: null,
  }
}

export function getUsage(world: World, request: ApiRequest): Answered {
  return {
    world,
    outcome: pipeline(world, request, USAGE, null),
    sent: sent(world, request, null),
    method: USAGE_ROUTE.method,
    path: pathOf('usage'),
    endpoint: 'usage',
    apiKey: request.apiKey,
    taskId: null,
    taskType: null,
    taskStatus: null,
    fingerprint: null,
    credits: null,
  }
}
