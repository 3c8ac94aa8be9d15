/**
 * A check of every public-API answer before it leaves, given to the doors from outside: the doors
 * ask for it once, when they are built (handlers/check-responses.ts, server/public-door.ts), and
 * hold no switch of their own. This repository's test setup installs test mode's check against
 * the OpenAPI document (`setAnswerCheck(offDocument)`, test-mode.ts). A user's suite can have the
 * same with `AUDIO_TASK_MOCK_CHECK_RESPONSES=1` (README, "Every response checked in tests"): the
 * one place that variable is read is here.
 */
import type { Scenario } from '../domain/types.js'
import { offDocument, type Answer } from './test-mode.js'

export type CheckedAnswer = Answer

/** The message of the 500 that replaces `answer`, or null when it may go as it is. */
export type AnswerCheck = (answer: CheckedAnswer, scenario: Scenario) => Promise<string | null>

export const CHECK_RESPONSES_ENV = 'AUDIO_TASK_MOCK_CHECK_RESPONSES'

let installed: AnswerCheck | null = null

/** Installs `check` for the doors built from now on (null: none); returns the one it replaces. */
export function setAnswerCheck(check: AnswerCheck | null): AnswerCheck | null {
  const previous = installed
  installed = check
  return previous
}

/** The installed check; without one, test mode's when the environment asks for it; otherwise none. */
export function answerCheck(): AnswerCheck | null {
  if (installed !== null) return installed
  return typeof process !== 'undefined' && process.env?.[CHECK_RESPONSES_ENV] === '1' ? offDocument : null
}
