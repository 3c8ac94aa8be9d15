/**
 * Setup of every test file: the fakes a test starts run in test mode (vitest.config.ts sets
 * AUDIO_TASK_MOCK_CHECK_RESPONSES=1), and a test that made one answer off the OpenAPI document
 * fails, whatever it asserted itself. A test that provokes such answers on purpose takes them
 * out of `responseViolations` before it ends.
 */
import { afterEach, expect } from 'vitest'
import { responseViolations } from '../../src/handlers/response-violations.js'

afterEach(() => {
  const found = responseViolations.splice(0)
  expect(found, 'answers of the fake off the OpenAPI document').toEqual([])
})
