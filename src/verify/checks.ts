/**
 * The checks `verify` runs against a service: only what is safe against a real deployment. Auth and
 * 404 requests cannot create anything even where the service is wrong (no valid key, or an empty
 * body); a validation request lacks exactly one required field, so only a service that breaks the
 * spec could charge for it, and then the check says so and the charge counts against the paid-task
 * budget. Every response is also checked against the OpenAPI document (session.ts).
 */
import { pathOf } from '../api/routes.js'
import { randomUUID } from 'node:crypto'
import type { Exchange, Session } from './session.js'

export interface Verdict {
  outcome: 'pass' | 'fail' | 'skip'
  problems: string[]
  /** The response the problems are about. */
  exchange?: Exchange
  note?: string
}

export interface Check {
  id: string
  title: string
  run(session: Session, state: State): Promise<Verdict>
}

export interface State {
  usageBefore?: { tasks_created: number; credits_used: number }
  /** Tasks created by the lifecycle checks, by task type. */
  created: Map<string, { id: string; charged: number }>
  /** How they ended. */
  finished: Array<{ id: string; charged: number; status: string }>
}

/** The verdict on one exchange: the status expected, plus whatever the document says. */
export function expect(exchange: Exchange, status: number, more: string[] = []): Verdict {
  const problems = [...(exchange.status === status ? [] : [`expected HTTP ${status}, got ${exchange.status}`]), ...exchange.problems, ...more]
  return { outcome: problems.length === 0 ? 'pass' : 'fail', problems, exchange }
}

const unknownTask = pathOf('get_task', randomUUID())
const invalidKey = `verify-invalid-${randomUUID()}`
const USAGE = pathOf('usage')
const CREATE = pathOf('create')
export const LYRICS = { prompt: 'audio-task-mock verify: a short song about a passing test' }

function authCheck(id: string, method: string, path: string, key: string | null, title: string): Check {
  // POSTs carry an empty object: a service that wrongly skipped auth could still create nothing.
  return { id, title, run: async (session) => expect(await session.send(method, path, { key, body: method === 'POST' ? {} : undefined }), 401) }
}

function validationCheck(id: string, title: string, body: (model: string) => Record<string, unknown>): Check {
  return {
    id,
    title,
    async run(session) {
      const exchange = await session.send('POST', CREATE, { body: body(session.options.model) })
      const charged = exchange.status === 202 ? [`a paid task was created: ${String(exchange.json?.data?.task_id)}`] : []
      return expect(exchange, 400, charged)
    },
  }
}

export const SAFE_CHECKS: Check[] = [
  authCheck('auth.usage.no-key', 'GET', USAGE, null, 'usage without x-api-key answers 401'),
  authCheck('auth.usage.bad-key', 'GET', USAGE, invalidKey, 'usage with an unknown key answers 401'),
  authCheck('auth.task.no-key', 'GET', unknownTask, null, 'Get Task without x-api-key answers 401'),
  authCheck('auth.create.no-key', 'POST', CREATE, null, 'Create Task without x-api-key answers 401'),
  authCheck('auth.create.bad-key', 'POST', CREATE, invalidKey, 'Create Task with an unknown key answers 401'),
  {
    id: 'task.not-found',
    title: 'an unknown task id answers 404',
    run: async (session) => expect(await session.send('GET', unknownTask), 404),
  },
  // Each body lacks exactly one thing the spec requires; the rest is a valid lyrics task.
  validationCheck('create.model-missing', 'Create Task without model answers 400', () => ({ task_type: 'lyrics', input: LYRICS })),
  validationCheck('create.task-type-missing', 'Create Task without task_type answers 400', (model) => ({ model, input: LYRICS })),
  validationCheck('create.task-type-invalid', 'Create Task with an unknown task_type answers 400', (model) => ({
    model,
    task_type: 'verify-not-a-type',
    input: LYRICS,
  })),
  validationCheck('create.input-missing', 'Create Task without input answers 400', (model) => ({ model, task_type: 'lyrics' })),
  {
    id: 'usage.shape',
    title: 'usage answers 200 with tasks_created, credits_used, credits_topped_up',
    async run(session, state) {
      const exchange = await session.send('GET', USAGE)
      if (exchange.status === 200 && exchange.problems.length === 0) state.usageBefore = exchange.json.data
      return expect(exchange, 200)
    },
  },
]
