/**
 * Every response a test receives from the public API is checked against the OpenAPI document
 * (openapi/openapi.json, generated from src/api/schemas.ts) by path, method and status: a status
 * the route does not document, a body off its schema or a missing required header fails the test.
 * Statuses the running scenario scripts with a fault's `respond` are checked as error bodies.
 */
import type { Scenario } from '../../src/domain/types.js'
import { openApiDocument } from '../../src/openapi/document.js'
import { createResponseValidator, type SeenResponse } from '../../src/openapi/response-validator.js'
import { scriptedStatus } from '../../src/openapi/scripted-status.js'
import { defaultScenario } from '../../src/scenario/index.js'

export const publicApi = createResponseValidator(openApiDocument(defaultScenario().service))

export function assertPublicResponse(response: SeenResponse, scenario?: Scenario): void {
  const allowStatus = scenario === undefined ? undefined : (operationId: string, status: number) => scriptedStatus(scenario, operationId, status)
  const problems = publicApi.check(response, { allowStatus })
  if (problems.length > 0) throw new Error(`answer off the OpenAPI document:\n  ${problems.join('\n  ')}\nbody: ${response.body}`)
}
