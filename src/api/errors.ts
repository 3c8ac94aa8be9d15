/**
 * Every error the fake answers, in one table: its kind, its HTTP status and the words of its
 * message. The public API, media, the admin API and the transport writers (Host checks, Node's
 * parser errors, CORS, the inspector) all take status and message from here, and every error
 * body is `{code, message}` with `code` equal to the status (`errorBody`). Adding an error kind
 * is one row below. Statuses a scenario scripts (a fault's `respond.status`) are data, not kinds:
 * `defaultFaultMessage` words them when the scenario gives no message.
 *
 * How errors travel (decision 028): on the request path they are values (an `ApiResponse` built
 * by `failWith`); only the in-process control API throws (`AdminError`, built from the same
 * table), because that is how a JavaScript caller expects a refused call to look, and the admin
 * handlers turn the exception back into a value at their edge.
 */

const quoted = (value: unknown): string => JSON.stringify(value)

/** Kind → status and message builder. Grouped by who answers it; the order is not significant. */
export const ERRORS = {
  // The public API (api/public-api.ts), in the order its checks run.
  missingApiKey: { status: 401, message: () => 'Missing API key: send your key in the x-api-key header' },
  invalidApiKey: { status: 401, message: () => 'Invalid API key' },
  rateLimited: { status: 429, message: (seconds: string) => `Rate limit exceeded. Try again in ${seconds} seconds.` },
  bodyTooLarge: {
    status: 413,
    message: (size: number, limit: number) => `Request body too large: ${size} bytes or more, the limit is ${limit} bytes`,
  },
  notJson: { status: 400, message: (type: string) => `Content-Type must be application/json, got ${type === '' ? 'none' : quoted(type)}` },
  emptyBody: { status: 400, message: () => 'Request body is empty; expected a JSON object with model, task_type and input' },
  tooDeep: { status: 400, message: (depth: number) => `Request body nests deeper than ${depth} levels of objects and arrays` },
  malformedJson: { status: 400, message: (detail: string) => `Malformed JSON body: ${detail}` },
  invalidBody: { status: 400, message: (message: string) => message },
  insufficientCredits: {
    status: 402,
    message: (available: number, required: number) => `Insufficient credits: available ${available}, required ${required}`,
  },
  storeFull: {
    status: 503,
    message: (capacity: number) =>
      `Task store full: the fake keeps at most ${capacity} tasks (service.max_tasks); reset it (POST /__admin/reset) or raise the cap`,
  },
  taskNotFound: { status: 404, message: (taskId: string) => `Task not found: ${quoted(taskId)}` },
  notDurable: { status: 503, message: (detail: string) => `The task could not be saved to the state file: ${detail}` },
  // Routing, shared by the public API and the admin API.
  noRoute: { status: 404, message: (method: string, path: string) => `No such route: ${method} ${path}` },
  noAdminRoute: { status: 404, message: (method: string, path: string) => `No such admin route: ${method} ${path}` },
  methodNotAllowed: {
    status: 405,
    message: (method: string, path: string, allowed: string) => `Method ${method} is not allowed on ${path}; use ${allowed}`,
  },
  malformedUrl: { status: 400, message: (path: string) => `Malformed URL: ${quoted(path)} has an invalid percent-encoding` },
  // Media files (api/asset-api.ts, dispatch/dispatch.ts).
  noClip: {
    status: 404,
    message: (kind: string, path: string, clipId: string) => `No such ${kind} file: ${path} (no task output has a clip with id ${quoted(clipId)})`,
  },
  noMediaFile: {
    status: 404,
    message: (kind: string, path: string, extension: string) => `No such ${kind} file: ${path} (${kind} files end in ${extension})`,
  },
  // The admin API: operations (admin/operations.ts) throw these through admin-error.ts.
  adminBadRequest: { status: 400, message: (message: string) => message },
  adminNotFound: { status: 404, message: (message: string) => message },
  adminConflict: { status: 409, message: (message: string) => message },
  // Transport: what the HTTP server refuses before any route runs.
  badHost: { status: 400, message: (problem: string) => problem },
  malformedRequest: { status: 400, message: (detail: string) => `Malformed HTTP request: ${detail}` },
  requestTimeout: { status: 408, message: (message: string) => message },
  overloaded: { status: 503, message: (message: string) => message },
  uriTooLong: { status: 414, message: () => 'Request headers and URL together exceed the 16 KiB limit' },
  headersTooLarge: { status: 431, message: () => 'Request headers and URL together exceed the 16 KiB limit' },
  originNotAllowed: {
    status: 403,
    message: (origin: string | null, allowed: string) => `Origin ${quoted(origin)} is not allowed to call the fake; allowed origins: ${allowed}`,
  },
  // The inspector page (server/inspector-route.ts).
  inspectorMethod: {
    status: 405,
    message: (method: string, path: string) => `Method ${method} is not allowed on ${path}; the inspector is read with GET (it acts through /__admin)`,
  },
  inspectorNotBuilt: {
    status: 503,
    message: () => 'The inspector is not built: run `npm run build` (it bundles the page into dist/inspector-page/)',
  },
  noInspectorFile: { status: 404, message: (path: string) => `No such inspector file: ${path}` },
  // A bug in the fake, or test mode's check of answers against the OpenAPI document.
  internal: { status: 500, message: (detail: string) => `Internal error in audio-task-mock (a bug, please report it): ${detail}` },
  offDocument: { status: 500, message: (message: string) => message },
} as const satisfies Record<string, { readonly status: number; readonly message: (...args: never[]) => string }>

export type ErrorKind = keyof typeof ERRORS
export type ErrorArgs<K extends ErrorKind> = Parameters<(typeof ERRORS)[K]['message']>

export interface Problem {
  readonly status: number
  readonly message: string
}

/** The status and message of an error of `kind`. */
export function problem<K extends ErrorKind>(kind: K, ...args: ErrorArgs<K>): Problem {
  const entry = ERRORS[kind]
  return { status: entry.status, message: (entry.message as (...a: ErrorArgs<K>) => string)(...args) }
}

/** The body of every error answer. */
export function errorBody(status: number, message: string): string {
  return JSON.stringify({ code: status, message })
}

/** The words of a scripted fault status when the scenario gives none. */
export function defaultFaultMessage(status: number): string {
  if (status === 429) return 'Rate limit exceeded. Try again later.'
  if (status === 502) return 'Bad gateway: the upstream provider did not answer'
  if (status === 503) return 'Service unavailable'
  if (status >= 500) return 'Internal server error'
  return 'Request rejected'
}
