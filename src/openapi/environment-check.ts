/**
 * `AUDIO_TASK_MOCK_CHECK_RESPONSES=1` turns test mode on (docs/openapi-and-verify.md, "Every answer
 * checked in your tests"): imported, for this effect, by the modules that build Node's doors (mock/create-mock.ts,
 * server/node-door.ts). The browser entry never imports it, so a page's
 * bundle carries no test mode (the OpenAPI document and its validator).
 */
import { CHECK_RESPONSES_ENV, setEnvironmentCheck } from './answer-check.js'
import { offDocument } from './test-mode.js'

setEnvironmentCheck(() => (process.env[CHECK_RESPONSES_ENV] === '1' ? offDocument : null))
