/**
 * The fake on HTTP for a test run, from what a test file or config names: a scenario file, a
 * bundled scenario's name, scenario text or an object. Scenario files are read with their
 * positions, so a mistake reads `FILE:LINE:COL: path: message` as on the command line.
 */
// From src/mock, not src/cli: the package leaves dist/cli out (only the bundled bin runs the CLI).
import { chooseScenarioFile, DEFAULT_SCENARIO_FILE as DEFAULT_SCENARIO } from '../mock/bundled-scenarios.js'
import type { ScenarioInput } from '../scenario/resolve-scenario.js'
import { ScenarioInvalidError } from '../scenario/resolve-scenario.js'
import { loadScenarioFile } from '../scenario/index.js'
import { startServer, type RunningServer, type ServerOptions } from '../server/start-server.js'

export interface FakeServerOptions extends Omit<ServerOptions, 'scenario'> {
  /**
   * A scenario file (`test/fixtures/qa.yaml`), a bundled scenario's name (`flaky-create`), YAML
   * text (anything with a line break), or what `createMock` takes. Default: the bundled
   * scenarios/default.yaml, the one `npx audio-task-mock` serves (demo-key and friends).
   */
  scenario?: string | ScenarioInput
}

async function resolve(scenario: FakeServerOptions['scenario']): Promise<ScenarioInput> {
  if (scenario !== undefined && (typeof scenario !== 'string' || /[\r\n]/.test(scenario))) return scenario
  const chosen = scenario === undefined ? { file: DEFAULT_SCENARIO } : chooseScenarioFile(scenario)
  if ('error' in chosen) throw new Error(`audio-task-mock: scenario ${chosen.error.replace(/^--scenario /, '')}`)
  const loaded = await loadScenarioFile(chosen.file)
  if (!loaded.ok) throw new ScenarioInvalidError(loaded.errors)
  return loaded.scenario
}

/** Starts the fake on 127.0.0.1, on a free port unless `port` says otherwise. */
export async function startFakeServer(options: FakeServerOptions = {}): Promise<RunningServer> {
  const { scenario, ...rest } = options
  return startServer({ port: 0, host: '127.0.0.1', ...rest, scenario: await resolve(scenario) })
}
