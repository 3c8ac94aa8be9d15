/**
 * Statuses a scenario scripts on purpose: a fault (`respond: { status }`) may answer any 4xx or 5xx,
 * documented for the route or not. Response checks accept those as error bodies `{code, message}`,
 * so a scenario that fakes a 503 is not mistaken for a fake that drifted from the document.
 */
import { PUBLIC_ROUTES } from '../api/routes.js'
import { faultKindOf } from '../domain/fault-kinds/index.js'
import type { Endpoint, FaultAction, Scenario } from '../domain/types.js'

/** The scenario's endpoint names of the document's operations (api/routes.ts). */
const ENDPOINTS: Readonly<Record<string, Endpoint>> = Object.fromEntries(PUBLIC_ROUTES.map((route) => [route.operationId, route.endpoint]))

/** Whether a fault of `scenario` answers `status` on the endpoint of `operationId`. */
export function scriptedStatus(scenario: Scenario, operationId: string, status: number): boolean {
  return scenario.faults.some(
    ({ match, action }) =>
      errorStatus(action) === status && (match.endpoint === undefined || match.endpoint === 'any' || match.endpoint === ENDPOINTS[operationId]),
  )
}

/** The status of the error a fault's action answers, if it answers one. */
function errorStatus(action: FaultAction): number | undefined {
  const outcome = faultKindOf(action).outcome(action)
  return 'error' in outcome ? outcome.error.status : undefined
}
