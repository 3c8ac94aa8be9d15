/**
 * A check of every public-API answer before it leaves, given to the doors from outside: the doors
 * ask for it once, when the dispatch is built (dispatch/dispatch.ts), and hold no switch of their own. This repository's test setup installs
 * test mode's check against the OpenAPI document (`setAnswerCheck(offDocument)`, test-mode.ts).
 * A user's suite can have the same with `AUDIO_TASK_MOCK_CHECK_RESPONSES=1` (docs/openapi-and-verify.md,
 * "Every answer checked in your tests"), which only Node reads: its entries register that switch
 * (environment-check.ts). Web-standard and free of test mode itself, so a page's bundle carries
 * neither the validator nor the document.
 */
import type { Scenario } from '../domain/types.js'

/** What the check is shown of an answer. */
export interface CheckedAnswer {
  method: string
  path: string
  status: number
  headers: { get(name: string): string | null }
  body: string
}

/** The message of the 500 that replaces `answer`, or null when it may go as it is. */
export type AnswerCheck = (answer: CheckedAnswer, scenario: Scenario) => Promise<string | null>

export const CHECK_RESPONSES_ENV = 'AUDIO_TASK_MOCK_CHECK_RESPONSES'

let installed: AnswerCheck | null = null
let fromEnvironment: () => AnswerCheck | null = () => null

/** Installs `check` for the doors built from now on (null: none); returns the one it replaces. */
export function setAnswerCheck(check: AnswerCheck | null): AnswerCheck | null {
  const previous = installed
  installed = check
  return previous
}

/** Where there is an environment (Node), the check it asks for when none is installed (environment-check.ts). */
export function setEnvironmentCheck(read: () => AnswerCheck | null): void {
  fromEnvironment = read
}

/** The installed check; without one, the one the environment asks for; otherwise none. */
export function answerCheck(): AnswerCheck | null {
  return installed ?? fromEnvironment()
}
