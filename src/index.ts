// audio-task-mock: the public library API.

// The fake in-process and over HTTP
export { createMock } from './mock/create-mock.js'
export type { Mock, MockClock, MockOptions } from './mock/create-mock.js'
export type { MockCore } from './mock/mock-core.js'
export { startServer } from './server/start-server.js'
export type { RunningServer, ServerOptions } from './server/start-server.js'
export { createApp } from './server/create-app.js'
export { createHandlers } from './handlers/create-handlers.js'
export type { HandlerOptions, WorldSource } from './handlers/create-handlers.js'

// Scenarios
export { defaultScenario, formatScenarioError, loadScenarioFile, parseScenario, parseScenarioObject } from './scenario/index.js'
export type { ScenarioError, ScenarioResult } from './scenario/index.js'
export { ScenarioInvalidError } from './mock/resolve-scenario.js'
export type { ScenarioInput } from './mock/resolve-scenario.js'

// Domain types
export type { Scenario, Step, Timeline, TaskStatus, TaskType } from './domain/types.js'
export type { Ledger, CreditEvent } from './domain/ledger.js'
export type { Task, Account } from './domain/world.js'
