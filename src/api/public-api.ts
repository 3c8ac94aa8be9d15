/**
 * The public API as plain functions: a request in (key, origin, body text), an outcome out
 * (a response, or a dropped connection, possibly after a delay). Every door calls these;
 * no door holds a rule of its own. Order of checks on create: auth (401), rate limit (429),
 * body (413, 400), fault, fields (400), credits (402).
 */
import type { Account, World } from '../domain/world.js'
import type { Endpoint, FaultAction, TaskType } from '../domain/types.js'
import { usageOf } from '../domain/ledger.js'
import { journalCreate, journalGetTask, journalUsage } from './journal-record.js'
import { rateLimited } from './rate-limit.js'
import { fail, ok, renderCreated, renderTask, type ApiResponse } from './respond.js'
import { exceedsDepth, MAX_JSON_DEPTH } from './json-depth.js'
import { validateCreate } from './validate.js'

export interface ApiRequest {
  apiKey: string | null
  /** `http://host:port` as the client addressed the fake; asset URLs in outputs use it. */
  origin: string
}

export interface BodyRequest extends ApiRequest {
  contentType: string | null
  /** The body text, or `too_large` when it passed the scenario's size limit. */
  body: string | { tooLarge: number }
}

/** `fault`: set once the request reached the scenario's faults: the action that fired, or null. */
export type Outcome =
  | { response: ApiResponse; delayMs: number; drop?: undefined; fault?: FaultAction | null }
  | { drop: true; delayMs: number; response?: undefined; fault?: FaultAction | null }

const now = (response: ApiResponse): Outcome => ({ response, delayMs: 0 })

export function authenticate(world: World, apiKey: string | null): Account | ApiResponse {
  if (apiKey === null || apiKey === '') return fail(401, 'Missing API key: send your key in the x-api-key header')
  return world.account(apiKey) ?? fail(401, 'Invalid API key')
}

/** Applies a fault's action to the normal answer (computed lazily: a fault that answers for it charges nothing). */
function withFault(action: FaultAction | null, normal: () => ApiResponse, stale?: () => ApiResponse): Outcome {
  if (action === null) return { response: normal(), delayMs: 0, fault: null }
  if ('drop' in action) return { drop: true, delayMs: 0, fault: action }
  if ('delayMs' in action) return { response: normal(), delayMs: action.delayMs, fault: action }
  if ('stale' in action) return { response: (stale ?? normal)(), delayMs: 0, fault: action }
  const { status, message, headers } = action.respond
  return { response: fail(status, message ?? defaultFaultMessage(status), headers ? { ...headers } : undefined), delayMs: 0, fault: action }
}

export function defaultFaultMessage(status: number): string {
  if (status === 429) return 'Rate limit exceeded. Try again later.'
  if (status === 502) return 'Bad gateway: the upstream provider did not answer'
  if (status === 503) return 'Service unavailable'
  if (status >= 500) return 'Internal server error'
  return 'Request rejected'
}

function taskTypeOf(body: unknown): TaskType | null {
  if (typeof body !== 'object' || body === null) return null
  const type = (body as Record<string, unknown>)['task_type']
  return type === 'music' || type === 'lyrics' || type === 'upload' || type === 'concat' ? type : null
}

function parseJson(text: string): { value: unknown } | { message: string } {
  try {
    return { value: JSON.parse(text) as unknown }
  } catch (error) {
    return { message: `Malformed JSON body: ${(error as Error).message}` }
  }
}

const answerCreate = rateLimited(function answerCreate(world: World, request: BodyRequest): Outcome {
  const account = authenticate(world, request.apiKey)
  if ('status' in account) return now(account)
  if (typeof request.body !== 'string') {
    return now(fail(413, `Request body too large: ${request.body.tooLarge} bytes or more, the limit is ${world.scenario.service.maxBodyBytes} bytes`, {
      // The rest of the body is never read: close the connection rather than leave it half-consumed.
      connection: 'close',
    }))
  }
  const type = (request.contentType ?? '').split(';', 1)[0]!.trim().toLowerCase()
  if (type !== 'application/json') {
    return now(fail(400, `Content-Type must be application/json, got ${type === '' ? 'none' : JSON.stringify(type)}`))
  }
  if (request.body.trim() === '') return now(fail(400, 'Request body is empty; expected a JSON object with model, task_type and input'))
  if (exceedsDepth(request.body, MAX_JSON_DEPTH)) {
    return now(fail(400, `Request body nests deeper than ${MAX_JSON_DEPTH} levels of objects and arrays`))
  }
  const parsed = parseJson(request.body)
  if ('message' in parsed) return now(fail(400, parsed.message))
  const fault = world.fault({ endpoint: 'create', apiKey: account.apiKey, taskType: taskTypeOf(parsed.value) })
  return withFault(fault, () => {
    const valid = validateCreate(parsed.value, world.scenario.service)
    if (!valid.ok) return fail(400, valid.message)
    const created = world.create(account, valid.request)
    if (!created.ok) {
      const { error } = created
      if (error.kind === 'store_full') {
        return fail(503, `Task store full: the fake keeps at most ${error.capacity} tasks (service.max_tasks); reset it (POST /__admin/reset) or raise the cap`)
      }
      return fail(402, `Insufficient credits: available ${error.available}, required ${error.required}`)
    }
    const response = ok(202, renderCreated(created.task))
    response.created = { id: created.task.id, type: created.task.type }
    return response
  })
})

const notFound = (taskId: string): ApiResponse => fail(404, `Task not found: ${JSON.stringify(taskId)}`)

const answerGetTask = rateLimited(function answerGetTask(world: World, request: ApiRequest, taskId: string): Outcome {
  const account = authenticate(world, request.apiKey)
  if ('status' in account) return now(account)
  const owned = world.tasks.get(taskId)
  const fault = world.fault({
    endpoint: 'get_task',
    apiKey: account.apiKey,
    taskType: owned !== undefined && owned.apiKey === account.apiKey ? owned.type : null,
  })
  return withFault(
    fault,
    () => {
      const task = world.read(account, taskId)
      return task === undefined ? notFound(taskId) : ok(200, renderTask(task, request.origin))
    },
    () => {
      const task = world.tasks.get(taskId)
      return task === undefined || task.apiKey !== account.apiKey ? notFound(taskId) : ok(200, renderTask(task, request.origin))
    },
  )
})

const answerUsage = rateLimited(function answerUsage(world: World, request: ApiRequest): Outcome {
  const account = authenticate(world, request.apiKey)
  if ('status' in account) return now(account)
  const fault = world.fault({ endpoint: 'usage', apiKey: account.apiKey, taskType: null })
  return withFault(fault, () => ok(200, world.usage(account)), () => ok(200, usageOf(account.ledger)))
})

/*
 * Every request to these three is recorded in the world's journal, whichever door it came through.
 * Each first moves a ticking clock (clock.tick), so its answer and journal entry show the moved time.
 */

export function createTask(world: World, request: BodyRequest): Outcome {
  world.tick()
  return journalCreate(world, request, () => answerCreate(world, request))
}

export function getTask(world: World, request: ApiRequest, taskId: string): Outcome {
  world.tick()
  return journalGetTask(world, request, taskId, () => answerGetTask(world, request, taskId))
}

export function getUsage(world: World, request: ApiRequest): Outcome {
  world.tick()
  return journalUsage(world, request, () => answerUsage(world, request))
}

/** Known public routes and their methods: unknown paths answer 404, known paths with another method 405. */
export function routeMiss(method: string, pathname: string): ApiResponse {
  const allowed =
    pathname === '/api/v1/task' ? 'POST' : /^\/api\/v1\/task\/[^/]+$/.test(pathname) ? 'GET' : pathname === '/api/v1/account/usage' ? 'GET' : null
  if (allowed === null) return fail(404, `No such route: ${method} ${pathname}`)
  return fail(405, `Method ${method} is not allowed on ${pathname}; use ${allowed}`, { allow: allowed })
}

export type { Endpoint }
