// audio-task-mock/verify: check a service against the fake's OpenAPI document, from code.
// A subpath of its own so that `audio-task-mock` itself does not load ajv.

export { runVerify, refusal, VerifyRefused, PUBLISHED_DOCUMENT } from './run-verify.js'
export type { CheckResult, VerifyResult } from './run-verify.js'
export type { VerifyOptions, Exchange } from './session.js'
export { formatVerifyReport } from './verify-report.js'
export { createResponseValidator } from '../openapi/response-validator.js'
export type { CheckOptions, ResponseValidator, Route, SeenResponse } from '../openapi/response-validator.js'
