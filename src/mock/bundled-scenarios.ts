/**
 * The scenario library shipped with the package (scenarios/*.yaml), read from disk: the CLI's
 * `--scenario NAME`, and `createMock({ scenario: NAME })` / `startServer` in code, serve the
 * same files, and `createMock()` with no scenario serves scenarios/default.yaml as the CLI does.
 * Node only: the in-process core takes it injected (mock-core.ts), so a browser entry can give
 * it another library or none.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { ScenarioLibrary } from '../scenario/resolve-scenario.js'

/** `scenarios/` of the package; the same from `src/mock`, `dist/mock` and the CLI's `dist/bin` chunks. */
export const BUNDLED_DIR = fileURLToPath(new URL('../../scenarios/', import.meta.url))

/** scenarios/default.yaml: what the CLI, `createMock()` and `startServer()` serve when given no scenario. */
export const DEFAULT_SCENARIO_FILE = `${BUNDLED_DIR}default.yaml`

/** The names of the bundled scenarios, sorted: `default`, `happy-path`, `flaky-create`… */
export function bundledScenarioNames(dir = BUNDLED_DIR): string[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.yaml'))
    .map((file) => file.slice(0, -'.yaml'.length))
    .sort()
}

/** The path of the bundled scenario `name`, or undefined when there is none of that name. */
export function bundledScenarioFile(name: string, dir = BUNDLED_DIR): string | undefined {
  return bundledScenarioNames(dir).includes(name) ? `${dir}${name}.yaml` : undefined
}

/**
 * The YAML text of a bundled scenario, to read or to extend (parse it with `yaml`, change it,
 * pass the result as `scenario`). Throws a RangeError that lists the names for an unknown one.
 */
export function bundledScenario(name: string): string {
  const file = bundledScenarioFile(name)
  if (file === undefined) throw new RangeError(unknownName(name))
  return readFileSync(file, 'utf8')
}

function unknownName(name: string): string {
  return `no bundled scenario named ${JSON.stringify(name)} (bundled: ${bundledScenarioNames().join(', ')})`
}

/** What the Node entries (createMock, startServer) resolve scenario names with. */
export const bundledLibrary: ScenarioLibrary = {
  read(name) {
    const file = bundledScenarioFile(name)
    return file === undefined ? { error: unknownName(name) } : { file, text: readFileSync(file, 'utf8') }
  },
}

/**
 * The file `--scenario ARG` means: ARG itself when it exists or looks like a path (it has a
 * slash or an extension), else the bundled scenario named ARG; an unknown bare name is an error
 * that lists the bundled names.
 */
export function chooseScenarioFile(arg: string, dir = BUNDLED_DIR): { file: string } | { error: string } {
  if (existsSync(arg) || /[\\/]|\.[a-z]+$/i.test(arg)) return { file: arg }
  const names = bundledScenarioNames(dir)
  if (names.includes(arg)) return { file: `${dir}${arg}.yaml` }
  return { error: `--scenario ${JSON.stringify(arg)}: no such file, and no bundled scenario of that name (bundled: ${names.join(', ')})` }
}
