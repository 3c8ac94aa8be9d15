/**
 * Test mode's checker: the response validator of the OpenAPI document, loaded once, on the first
 * answer it checks. The test suite's setup installs `offDocument` as the doors' answer check
 * (answer-check.ts: `setAnswerCheck(offDocument)`); every door built afterwards (the msw
 * handlers in check-responses.ts and the standalone server's node:http door) runs each public-API
 * answer through it. Free of msw, so the fast path can use it.
 */
import type { Scenario } from '../domain/types.js'
import type { CheckedAnswer as Answer } from './answer-check.js'
import { responseViolations } from './response-violations.js'
import type { ResponseValidator } from './response-validator.js'
import { scriptedStatus } from './scripted-status.js'

let validator: Promise<ResponseValidator> | undefined

async function loadValidator(): Promise<ResponseValidator> {
  const [{ createResponseValidator }, { openApiDocument }, { defaultScenario }] = await Promise.all([
    import('./response-validator.js'),
    import('./document.js'),
    import('../scenario/default.js'),
  ])
  // Response schemas do not depend on the scenario: one document serves every fake in the process.
  return createResponseValidator(openApiDocument(defaultScenario().service))
}

export type { CheckedAnswer as Answer } from './answer-check.js'

/** The message of the 500 that replaces `answer`, or null when it matches the document. Records what it finds. */
export async function offDocument(answer: Answer, scenario: Scenario): Promise<string | null> {
  validator ??= loadValidator()
  const problems = (await validator).check(answer, { allowStatus: (operationId, status) => scriptedStatus(scenario, operationId, status) })
  if (problems.length === 0) return null
  responseViolations.push({ request: `${answer.method} ${answer.path}`, status: answer.status, problems, body: answer.body })
  return `audio-task-mock test mode: the ${answer.status} answer is off the OpenAPI document: ${problems.join('; ')}. Body: ${answer.body}`
}
