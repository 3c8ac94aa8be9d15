/**
 * Setup of every test file: the fakes a test starts in this process run in test mode (the answer
 * check against the OpenAPI document is installed here, before any door is built), and a test
 * that made one answer off the document fails, whatever it asserted itself. A test that provokes
 * such answers on purpose takes them out of `responseViolations` before it ends.
 */
import { afterEach, expect } from 'vitest'
import { setAnswerCheck } from '../../src/openapi/answer-check.js'
import { responseViolations } from '../../src/openapi/response-violations.js'
import { offDocument } from '../../src/openapi/test-mode.js'

setAnswerCheck(offDocument)

afterEach(() => {
  const found = responseViolations.splice(0)
  expect(found, 'answers of the fake off the OpenAPI document').toEqual([])
})
