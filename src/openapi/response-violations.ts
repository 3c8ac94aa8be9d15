/**
 * What test mode (test-mode.ts) found: answers of the public API off the OpenAPI document,
 * recorded in this process. A module of its own, free of dependencies, so that a test setup can
 * look at it without loading msw.
 */

export interface Violation {
  request: string
  status: number
  problems: string[]
  body: string
}

/** Answers found off the document in this process, oldest first. */
export const responseViolations: Violation[] = []
