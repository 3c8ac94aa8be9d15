/**
 * The `paths` of the OpenAPI document: the spec's three endpoints, each status with its body
 * schema (a `$ref` to a generated component) and examples the fake answered. Statuses the spec
 * lists are plain; the ones the fake adds where the spec is silent say so in their description.
 */
import { inferred } from '../api/inferred.js'
import type { ServiceConfig } from '../domain/types.js'
import { ref, type JsonSchema } from './components.js'
import type { Example, Examples } from './examples.js'
import { openApiPath, PUBLIC_ROUTES, type OperationId } from '../api/routes.js'

interface Status {
  status: number
  description: string
  schema: string
  headers?: Record<string, unknown>
}

const seconds = { type: 'string', pattern: '^[0-9]+$' }
const whole = (description: string) => ({ description, schema: seconds })

/** `components.headers`: the rate-limit headers every answer to a known key carries while a limit is on. */
export const HEADERS = {
  'X-RateLimit-Limit': whole(
    `Requests allowed per API key per minute. ${inferred('sent with every answer to a known key while a rate limit is on', 'service.rate_limit')}`,
  ),
  'X-RateLimit-Remaining': whole('Requests left in the current minute'),
  'X-RateLimit-Reset': whole('Seconds until the current minute closes'),
}
const RATE_HEADERS = Object.fromEntries(Object.keys(HEADERS).map((name) => [name, { $ref: `#/components/headers/${name}` }]))

const RATE_LIMITED: Status = {
  status: 429,
  schema: 'Error429',
  description: `Rate limit exceeded. ${inferred('per API key per minute, answered with Retry-After and X-RateLimit-* headers', 'service.rate_limit')}`,
  headers: { 'Retry-After': { ...whole('Seconds to wait before the next request'), required: true }, ...RATE_HEADERS },
}

const common = (...statuses: Status[]): Status[] => [
  { status: 401, schema: 'Error401', description: 'API key missing or invalid' },
  ...statuses,
  RATE_LIMITED,
  { status: 500, schema: 'Error500', description: 'Internal server error' },
]

export function statusesOf(operation: OperationId, service: ServiceConfig): Status[] {
  switch (operation) {
    case 'createTask':
      return [
        { status: 202, schema: 'TaskCreatedResponse', description: 'Task created: credits frozen, status pending' },
        {
          status: 400,
          schema: 'Error400',
          description: 'A required field (model, task_type or input) is missing, the task type is invalid, or an input field is not what its schema says',
        },
        ...common(
          { status: 402, schema: 'Error402', description: 'Insufficient credits; nothing is charged' },
          {
            status: 413,
            schema: 'Error413',
            description: `Request body too large. ${inferred(`bodies over ${service.maxBodyBytes} bytes are refused`, 'service.max_body_bytes')}`,
          },
          {
            status: 503,
            schema: 'Error503',
            description: `The fake's task store is full; nothing is charged. Fake-specific (the real service has no such cap): at most ${service.maxTasks} tasks are kept, set by service.max_tasks`,
          },
        ),
      ].sort((a, b) => a.status - b.status)
    case 'getTask':
      return [
        { status: 200, schema: 'TaskResponse', description: 'The task. Reading a task in progress asks the upstream provider for its latest status.' },
        ...common({ status: 404, schema: 'Error404', description: 'Task not found: the ID is invalid or the task belongs to another user' }),
      ].sort((a, b) => a.status - b.status)
    case 'getUsage':
      return [{ status: 200, schema: 'UsageResponse', description: 'Usage statistics of the account' }, ...common()]
  }
}

function responses(operation: OperationId, service: ServiceConfig, examples: Examples): Record<string, unknown> {
  return Object.fromEntries(
    statusesOf(operation, service).map(({ status, description, schema, headers }) => {
      const named: Record<string, Example> | undefined = examples.responses[operation][status]
      const content = { schema: ref(schema), ...(named === undefined ? {} : { examples: named }) }
      // A missing or unknown key is not counted, so a 401 carries no rate-limit headers.
      const sent = headers ?? (status === 401 ? undefined : RATE_HEADERS)
      return [String(status), { description, ...(sent ? { headers: sent } : {}), content: { 'application/json': content } }]
    }),
  )
}

/** The document's `tags`: operations grouped as API tools and generated docs show them. */
export const TAGS = [
  { name: 'Tasks', description: 'Create a task and read it until it ends' },
  { name: 'Account', description: 'The calling account' },
]

/** What the document says of each operation; its path and method come from the route table (api/routes.ts). */
function operations(service: ServiceConfig, examples: Examples): Record<OperationId, JsonSchema> {
  return {
    createTask: {
      tags: ['Tasks'],
      summary: 'Create Task',
      description: `Creates an asynchronous task and freezes its price in credits. Checks run in the order auth (401), body and fields (400), credits (402). ${inferred(`there is no idempotency key: a create retried after a 500 may charge twice`)}`,
      requestBody: { required: true, content: { 'application/json': { schema: ref('CreateTaskRequest'), examples: examples.requests } } },
    },
    getTask: {
      tags: ['Tasks'],
      summary: 'Get Task',
      description:
        'Reads a task. Poll every 5 to 10 seconds until the status is success, failure or timeout; do not poll more often than once per second. A task is visible only to the account that created it.',
      parameters: [{ name: 'taskId', in: 'path', required: true, description: 'The task_id returned by Create Task', schema: { type: 'string' } }],
    },
    getUsage: {
      tags: ['Account'],
      summary: 'Get account usage',
      description: 'Usage statistics of the account the key belongs to.',
    },
  }
}

export function paths(service: ServiceConfig, examples: Examples): Record<string, JsonSchema> {
  const described = operations(service, examples)
  const result: Record<string, Record<string, JsonSchema>> = {}
  for (const { method, path, operationId } of PUBLIC_ROUTES) {
    const operation = { operationId, ...described[operationId], responses: responses(operationId, service, examples) }
    ;(result[openApiPath(path)] ??= {})[method.toLowerCase()] = operation
  }
  return result
}
