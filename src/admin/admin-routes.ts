/**
 * The `/__admin` routes as data: method, path, and the operation each calls. Bodies and query
 * parameters are handed to the operations as they arrive; the operations check them.
 */
import type { MockHandle } from '../handle/mock-handle.js'
import { rememberSource } from '../scenario/scenario-source.js'
import { formatScenarioError, parseScenario } from '../scenario/load.js'
import { badRequest } from './admin-error.js'
import * as ops from './operations.js'
import { journalExport, journalHarExport, runExport } from './share-view.js'
import { DEFAULT_PAGE } from './paging.js'

export interface RouteInput {
  params: Record<string, string>
  query: Record<string, string>
  /** The body parsed as JSON (undefined when empty); scenario routes get `text` instead. */
  body: unknown
  text: string
  /** Where the world answers (`http://127.0.0.1:4010`, `…/worlds/NAME`): exports write their requests' URLs from it. */
  base?: string
}

export interface AdminRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  path: string
  /** `scenario`: the body is YAML or JSON scenario text, not a JSON request body. */
  body?: 'scenario'
  /** Success status, default 200. */
  status?: number
  /** `run` answers a Page: over HTTP the body is its items, with X-Total-Count and Link headers. */
  paged?: true
  /** `yaml`: `run` returns YAML text, answered as is with `Content-Type: application/yaml` (default: a value sent as JSON). */
  produces?: 'yaml'
  run(input: RouteInput): unknown
}

/** Over HTTP a list answers DEFAULT_PAGE items unless `limit` says otherwise (in-process: every item). */
const withDefaultPage = (query: Record<string, string>): Record<string, string> => ({ limit: String(DEFAULT_PAGE), ...query })

/** Where scenario mistakes in a request body point: `<request body>:LINE:COL: path: message`. */
export const SCENARIO_BODY_SOURCE = '<request body>'

function loadScenario(host: MockHandle, text: string, required: boolean): ops.Health {
  if (text.trim() === '') {
    if (required) throw badRequest('Expected a scenario (YAML or JSON) in the request body; it is empty')
    host.reset()
    return ops.health(host)
  }
  const parsed = parseScenario(text, SCENARIO_BODY_SOURCE)
  if (!parsed.ok) throw badRequest(parsed.errors.map(formatScenarioError).join('\n'))
  rememberSource(parsed.scenario, text) // `--state` keeps the text, so a restart serves this scenario
  host.reset(parsed.scenario)
  return ops.health(host)
}

export function adminRoutes(host: MockHandle): AdminRoute[] {
  return [
    { method: 'GET', path: '/__admin/health', run: () => ops.health(host) },
    { method: 'POST', path: '/__admin/reset', body: 'scenario', run: ({ text }) => loadScenario(host, text, false) },
    { method: 'PUT', path: '/__admin/scenario', body: 'scenario', run: ({ text }) => loadScenario(host, text, true) },
    { method: 'GET', path: '/__admin/clock', run: () => ops.clockView(host) },
    { method: 'POST', path: '/__admin/clock/advance', run: ({ body }) => ops.advanceClock(host, body) },
    { method: 'POST', path: '/__admin/clock/set', run: ({ body }) => ops.setClock(host, body) },
    { method: 'GET', path: '/__admin/accounts', paged: true, run: ({ query }) => ops.listAccounts(host, withDefaultPage(query)) },
    { method: 'POST', path: '/__admin/accounts', status: 201, run: ({ body }) => ops.createAccount(host, body) },
    { method: 'GET', path: '/__admin/accounts/:key', run: ({ params }) => ops.getAccount(host, params['key']!) },
    { method: 'DELETE', path: '/__admin/accounts/:key', run: ({ params }) => ops.removeAccount(host, params['key']!) },
    { method: 'POST', path: '/__admin/accounts/:key/top-up', run: ({ params, body }) => ops.topUp(host, params['key']!, body) },
    { method: 'POST', path: '/__admin/accounts/:key/reset', run: ({ params, body }) => ops.resetAccount(host, params['key']!, body) },
    { method: 'GET', path: '/__admin/tasks', paged: true, run: ({ query }) => ops.listTasks(host, withDefaultPage(query)) },
    { method: 'GET', path: '/__admin/tasks/:id', run: ({ params }) => ops.getTask(host, params['id']!) },
    { method: 'POST', path: '/__admin/tasks/:id/force', run: ({ params, body }) => ops.forceTask(host, params['id']!, body) },
    { method: 'GET', path: '/__admin/journal', run: ({ query }) => ops.journalPage(host, query) },
    { method: 'GET', path: '/__admin/journal/:seq', run: ({ params }) => ops.journalEntry(host, params['seq']!) },
    { method: 'GET', path: '/__admin/journal.json', run: ({ base }) => journalExport(host, base) },
    { method: 'GET', path: '/__admin/journal.har', run: ({ base }) => journalHarExport(host, base) },
    { method: 'GET', path: '/__admin/run', run: ({ base }) => runExport(host, base) },
    { method: 'GET', path: '/__admin/scenario', run: () => ops.scenarioSource(host) },
    { method: 'GET', path: '/__admin/report', run: ({ query }) => ops.clientReport(host, query) },
    { method: 'GET', path: '/__admin/faults', run: () => ops.faultCounters(host.world) },
    { method: 'GET', path: '/__admin/rules', run: () => ops.ruleCounters(host.world) },
    { method: 'GET', path: '/__admin/export', produces: 'yaml', run: ({ query }) => ops.exportScenario(host, query) },
  ]
}
