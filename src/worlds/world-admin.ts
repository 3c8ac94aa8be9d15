/**
 * The worlds' control plane, without a transport: what `GET /__admin/worlds`,
 * `DELETE /__admin/worlds/{name}` and `PUT /worlds/{name}/__admin/scenario` answer, as admin
 * routes of the same shape as src/admin/admin-routes.ts (their errors are AdminErrors, answered
 * `{code, message}`), and a refused world (`use`) as a whole answer with its headers.
 */
import { AdminError, badRequest } from '../admin/admin-error.js'
import type { AdminRoute } from '../admin/admin-routes.js'
import { SCENARIO_BODY_SOURCE } from '../admin/admin-routes.js'
import * as ops from '../admin/operations.js'
import { formatScenarioError, parseScenario } from '../scenario/load.js'
import { rememberSource } from '../scenario/scenario-source.js'
import { checkWorldName } from './world-name.js'
import type { WorldError, WorldRegistry, WorldSummary } from './world-registry.js'

/** What `GET /__admin/worlds` answers: the worlds by name, and the limits they live under. */
export interface WorldsView {
  count: number
  limits: { max_worlds: number; idle_seconds: number; recent_seconds: number }
  worlds: WorldSummary[]
}

export function worldsView(registry: WorldRegistry): WorldsView {
  const worlds = registry.list()
  const { maxWorlds, idleMs, recentMs } = registry.limits
  return { count: worlds.length, limits: { max_worlds: maxWorlds, idle_seconds: idleMs / 1000, recent_seconds: recentMs / 1000 }, worlds }
}

const thrown = (error: WorldError): AdminError => new AdminError(error.status, error.message)

/** `DELETE /__admin/worlds/{name}`: `{name, removed: true}`, or 400 (name) / 404 (no such world). */
export function removeWorld(registry: WorldRegistry, name: string): { name: string; removed: true } {
  const removed = registry.remove(name)
  if (!removed.ok) throw thrown(removed.error)
  return { name, removed: true }
}

/**
 * `PUT /worlds/{name}/__admin/scenario` (and `POST .../reset` with a body): loads the scenario
 * text into the world, making it if absent, and answers the world's health, as the default
 * world's route does, with the same messages for a wrong scenario. A failure makes no world.
 */
export function loadWorldScenario(registry: WorldRegistry, name: string, text: string): ops.Health {
  const checked = checkWorldName(name)
  if (!checked.ok) throw badRequest(checked.error)
  if (text.trim() === '') throw badRequest('Expected a scenario (YAML or JSON) in the request body; it is empty')
  const parsed = parseScenario(text, SCENARIO_BODY_SOURCE)
  if (!parsed.ok) throw badRequest(parsed.errors.map(formatScenarioError).join('\n'))
  rememberSource(parsed.scenario, text)
  const loaded = registry.load(name, parsed.scenario)
  if (!loaded.ok) throw thrown(loaded.error)
  return ops.health(loaded.value)
}

/** The two server-wide routes, to add to the default world's admin routes. */
export function worldsAdminRoutes(registry: WorldRegistry): AdminRoute[] {
  return [
    { method: 'GET', path: '/__admin/worlds', run: () => worldsView(registry) },
    { method: 'DELETE', path: '/__admin/worlds/:name', run: ({ params }) => removeWorld(registry, params['name']!) },
  ]
}

/** A refused world as an answer: `{code, message}` JSON, with Retry-After (seconds) when the cap is reached. */
export function worldErrorAnswer(error: WorldError): { status: number; headers: Record<string, string>; body: string } {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (error.kind === 'full') headers['retry-after'] = String(Math.max(1, Math.ceil(error.retryAfterMs / 1000)))
  return { status: error.status, headers, body: JSON.stringify({ code: error.status, message: error.message }) }
}
