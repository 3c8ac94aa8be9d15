// audio-task-mock/browser: the fake in a page, for msw's setupWorker. The Node entry (index.ts)
// minus what needs Node: the HTTP server (startServer, createApp), reading scenario files, the
// admin token check (node:crypto; in a page nothing outside it reaches the handlers) and the CLI.
// Same modules, same rules: a scenario answers byte for byte as it does in Node.
// A test bundles this file for the browser and fails on any `node:` import or express.

// The fake in-process (setupWorker(...mock.handlers))
export { createMock } from './mock/create-browser-mock.js'
export type { Mock, MockClock, MockFetch, MockOptions } from './mock/create-browser-mock.js'
export type { MockCore } from './mock/mock-core.js'
export type { MockHandle } from './handle/mock-handle.js'
export { createHandlers } from './doors/msw-handlers.js'
export type { HandlerOptions } from './doors/msw-handlers.js'

// The OpenAPI document (served at /openapi.json)
export { openApiDocument } from './openapi/document.js'
export type { OpenApiDocument } from './openapi/document.js'

// Control: admin API (in-process and /__admin), journal and client report
export type { AdminGuard } from './dispatch/admin-answer.js'
export { AdminError } from './admin/admin-error.js'
export type { MockControl, MockAccounts, MockTasks, JournalFilter } from './admin/control.js'
export type { Health, ClockView, JournalPage } from './admin/operations.js'
export type { AccountView, TaskView, JournalEntryView } from './admin/views.js'
export type { FaultCounterView, RuleCounterView, NearMissView } from './admin/counter-views.js'
export { assertNoViolations, clientReportMatchers, ClientReportError, violationsOf } from './report/assert-report.js'
export type { ViolationOptions } from './report/assert-report.js'
export { formatReport } from './report/format-report.js'
export { buildReport } from './domain/report.js'
export type { ClientReport, KeySummary, TaskSummary, Violation } from './domain/report.js'
export { REPORT_RULES } from './domain/report-rules.js'
export type { ReportRule } from './domain/report-rules.js'
export { maskKey } from './domain/mask.js'

// Scenarios (from text or objects; there are no files in a page)
export { formatScenarioError, parseScenario, parseScenarioObject } from './scenario/load.js'
export type { ScenarioError, ScenarioResult } from './scenario/load.js'
export { defaultScenario } from './scenario/default.js'
export { ScenarioInvalidError } from './scenario/resolve-scenario.js'
export type { ScenarioInput } from './scenario/resolve-scenario.js'

// Media files (to check downloads in tests)
export { parseWav, parsePng } from './media/index.js'
export type { WavInfo, PngInfo } from './media/index.js'

// Domain types
export type { Scenario, Step, Timeline, TaskStatus, TaskType } from './domain/types.js'
export type { Ledger, CreditEvent } from './domain/ledger.js'
export type { Task, Account } from './domain/world.js'

// Looking at the world (tests, control plane)
export { progressOf } from './domain/progress.js'
