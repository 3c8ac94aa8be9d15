/**
 * The scenario library shipped with the package (scenarios/*.yaml): `--scenario NAME` serves
 * scenarios/NAME.yaml, so `npx audio-task-mock --scenario flaky-create` works from anywhere.
 * A file that exists at the given path always wins over a bundled name.
 */
import { existsSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export const BUNDLED_DIR = fileURLToPath(new URL('../../scenarios/', import.meta.url))

/** The names of the bundled scenarios, sorted. */
export function bundledScenarioNames(dir = BUNDLED_DIR): string[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.yaml'))
    .map((file) => file.slice(0, -'.yaml'.length))
    .sort()
}

export type ScenarioChoice = { file: string } | { error: string }

/**
 * The file `--scenario ARG` means: ARG itself when it exists or looks like a path (it has a
 * slash or an extension), else the bundled scenario named ARG; an unknown bare name is an error
 * that lists the bundled names.
 */
export function chooseScenarioFile(arg: string, dir = BUNDLED_DIR): ScenarioChoice {
  if (existsSync(arg) || /[\\/]|\.[a-z]+$/i.test(arg)) return { file: arg }
  const names = bundledScenarioNames(dir)
  if (names.includes(arg)) return { file: `${dir}${arg}.yaml` }
  return { error: `--scenario ${JSON.stringify(arg)}: no such file, and no bundled scenario of that name (bundled: ${names.join(', ')})` }
}
