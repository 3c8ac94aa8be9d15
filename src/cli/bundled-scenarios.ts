/**
 * The scenario library as the CLI uses it: `--scenario NAME` serves scenarios/NAME.yaml, so
 * `npx audio-task-mock --scenario flaky-create` works from anywhere. The library itself lives
 * in src/mock/bundled-scenarios.ts, where createMock and startServer use the same files.
 */
export { BUNDLED_DIR, bundledScenarioNames, chooseScenarioFile } from '../mock/bundled-scenarios.js'

export type ScenarioChoice = { file: string } | { error: string }
