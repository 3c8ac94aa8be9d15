// audio-task-mock: the public library API.

// The fake in-process and over HTTP
export { createMock } from './mock/create-mock.js'
export type { Mock, MockClock, MockFetch, MockOptions } from './mock/create-mock.js'
export type { MockCore } from './mock/mock-core.js'
export type { MockHandle } from './handle/mock-handle.js'
export { startServer } from './server/start-server.js'
export type { RunningServer, ServerOptions } from './server/start-server.js'
export { createApp } from './server/create-app.js'
export type { App, AppOptions } from './server/create-app.js'
export { createHandlers } from './doors/msw-handlers.js'
export type { HandlerOptions } from './doors/msw-handlers.js'

// The OpenAPI document (served at /openapi.json; checks and verify: 'audio-task-mock/verify')
export { openApiDocument } from './openapi/document.js'
export type { OpenApiDocument } from './openapi/document.js'

// Control: admin API (in-process and /__admin), journal and client report
export { AdminError } from './admin/admin-error.js'
export { ADMIN_TOKEN_ENV, adminGuard } from './admin/admin-auth.js'
export type { AdminAccess } from './admin/admin-auth.js'
export type { AdminGuard } from './dispatch/admin-answer.js'
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

// Scenarios
export { defaultScenario, formatScenarioError, loadScenarioFile, parseScenario, parseScenarioObject } from './scenario/index.js'
export type { ScenarioError, ScenarioResult } from './scenario/index.js'
export { ScenarioInvalidError } from './scenario/resolve-scenario.js'
export type { ScenarioInput } from './scenario/resolve-scenario.js'
// The bundled scenario library (scenarios/*.yaml; the files: 'audio-task-mock/scenarios/NAME.yaml')
export { bundledScenario, bundledScenarioNames } from './mock/bundled-scenarios.js'

// Record and replay: a proxy that writes what it saw as a scenario (mock.export() writes the fake's own history)
export { startRecordProxy } from './proxy/record-proxy.js'
export type { RecordProxy, RecordProxyOptions } from './proxy/record-proxy.js'
export { parseUpstream } from './record/upstream-url.js'
export type { Upstream } from './record/upstream-url.js'

// Media files (to check downloads in tests)
export { parseWav, parsePng } from './media/index.js'
export type { WavInfo, PngInfo } from './media/index.js'

// Domain types
export type { Scenario, Step, Timeline, TaskStatus, TaskType } from './domain/types.js'
export type { Ledger, CreditEvent } from './domain/ledger.js'
export type { Task, Account } from './domain/world.js'

// Looking at the world (tests, control plane)
export { progressOf } from './domain/progress.js'
