/**
 * `audio-task-mock check [--json] FILE...`: validates scenario files offline, with exactly the
 * checks the server runs at start-up. Exit 0 when every file is valid; 2 with every mistake of
 * every file as `FILE:LINE:COL: path: message` (or as JSON with --json) when one is not.
 */
import { parseArgs } from 'node:util'
import { formatScenarioError, loadScenarioFile, type ScenarioError } from '../scenario/index.js'
import { chooseScenarioFile } from './bundled-scenarios.js'

export const CHECK_USAGE = `Usage: audio-task-mock check [--json] FILE...

Validates scenario files without starting anything. A bare NAME checks the bundled
scenarios/NAME.yaml. Prints "FILE: ok" for a valid file and every mistake of an invalid one
as FILE:LINE:COL: path: message. Exit 0 when all are valid, 2 otherwise.

Options:
  --json        print {"ok": bool, "files": [{"file", "ok", "errors": [{file, line, col, path, message}]}]}
  -h, --help    show this help
`

const CHECK_OPTIONS = {
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const

export interface FileCheck {
  file: string
  ok: boolean
  /** The scenario's name, when valid. */
  scenario: string | null
  errors: ScenarioError[]
}

export async function checkFile(arg: string): Promise<FileCheck> {
  const chosen = chooseScenarioFile(arg)
  if ('error' in chosen) {
    return { file: arg, ok: false, scenario: null, errors: [{ file: arg, line: 0, col: 0, path: '', message: chosen.error.replace(/^--scenario /, '') }] }
  }
  const loaded = await loadScenarioFile(chosen.file)
  return loaded.ok
    ? { file: chosen.file, ok: true, scenario: loaded.scenario.name, errors: [] }
    : { file: chosen.file, ok: false, scenario: null, errors: loaded.errors }
}

/** The text output: one line per valid file, one per mistake. */
export function formatChecks(checks: readonly FileCheck[]): string {
  return checks.map((check) => (check.ok ? `${check.file}: ok\n` : `${check.errors.map(formatScenarioError).join('\n')}\n`)).join('')
}

export async function checkCommand(argv: readonly string[]): Promise<number> {
  let parsed
  try {
    parsed = parseArgs({ args: [...argv], options: CHECK_OPTIONS, allowPositionals: true, strict: true })
  } catch (error) {
    process.stderr.write(`audio-task-mock check: ${(error as Error).message}\n\n${CHECK_USAGE}`)
    return 2
  }
  const { values, positionals } = parsed
  if (values.help) {
    process.stdout.write(CHECK_USAGE)
    return 0
  }
  if (positionals.length === 0) {
    process.stderr.write(`audio-task-mock check: name at least one scenario file\n\n${CHECK_USAGE}`)
    return 2
  }
  const checks: FileCheck[] = []
  for (const file of positionals) checks.push(await checkFile(file))
  const ok = checks.every((check) => check.ok)
  if (values.json) {
    process.stdout.write(`${JSON.stringify({ ok, files: checks }, null, 2)}\n`)
  } else {
    process.stdout.write(formatChecks(checks))
    const bad = checks.filter((check) => !check.ok)
    if (bad.length > 0) {
      const mistakes = bad.reduce((sum, check) => sum + check.errors.length, 0)
      process.stderr.write(
        `audio-task-mock check: ${mistakes} mistake${mistakes === 1 ? '' : 's'} in ${bad.length} of ${checks.length} file${checks.length === 1 ? '' : 's'}\n`,
      )
    }
  }
  return ok ? 0 : 2
}
