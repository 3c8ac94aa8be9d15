/**
 * `audio-task-mock check [--json] [--strict] [--runtime-key KEY]... FILE...`: validates scenario
 * files offline, with exactly the checks the server runs at start-up, and warns about what a
 * valid file says but can never happen. Exit 2 with every mistake of every file as
 * `FILE:LINE:COL: path: message` (or as JSON with --json) when one is invalid; else 1 under
 * --strict when there are warnings; else 0.
 */
import { parseArgs } from 'node:util'
import { formatScenarioError, loadScenarioFile, type ScenarioError } from '../scenario/index.js'
import { chooseScenarioFile } from './bundled-scenarios.js'
import { usageError } from './usage-error.js'

export const CHECK_USAGE = `Usage: audio-task-mock check [--json] [--strict] [--runtime-key KEY]... FILE...

Validates scenario files without starting anything. A bare NAME checks the bundled
scenarios/NAME.yaml. Prints "FILE: ok" for a valid file and every mistake of an invalid one
as FILE:LINE:COL: path: message. Warns, as FILE:LINE:COL: path: warning: message, about what
can never happen: a rule or fault on a key no account has, an input field the task type does
not have (or only another music mode has), a timeline no rule uses, a rule or fault an earlier
one always takes first, a step service.timeout_after always cuts off, probability 0, a usage
fault with task_type, a rule for a key whose credits never cover the price.
Exit 2 when a file is invalid; 1 with --strict when there are warnings; 0 otherwise.

Options:
  --strict            warnings fail the check (exit 1)
  --runtime-key KEY   an account your tests add at run time (POST /__admin/accounts): no
                      warning for rules and faults on it; repeatable; "*" for every key
  --json              print {"ok": bool, "files": [{"file", "ok", "errors", "warnings"}]};
                      "ok" agrees with the exit code (false under --strict with warnings)
  -h, --help          show this help
`

const CHECK_OPTIONS = {
  json: { type: 'boolean' },
  strict: { type: 'boolean' },
  'runtime-key': { type: 'string', multiple: true },
  help: { type: 'boolean', short: 'h' },
} as const

export interface FileCheck {
  file: string
  ok: boolean
  /** The scenario's name, when valid. */
  scenario: string | null
  errors: ScenarioError[]
  /** What can never happen in a valid file. */
  warnings: ScenarioError[]
}

export async function checkFile(arg: string, runtimeKeys: readonly string[] = []): Promise<FileCheck> {
  const chosen = chooseScenarioFile(arg)
  if ('error' in chosen) {
    const errors = [{ file: arg, line: 0, col: 0, path: '', message: chosen.error.replace(/^--scenario /, '') }]
    return { file: arg, ok: false, scenario: null, errors, warnings: [] }
  }
  const loaded = await loadScenarioFile(chosen.file, { runtimeKeys })
  return loaded.ok
    ? { file: chosen.file, ok: true, scenario: loaded.scenario.name, errors: [], warnings: loaded.warnings ?? [] }
    : { file: chosen.file, ok: false, scenario: null, errors: loaded.errors, warnings: [] }
}

const asWarning = (warning: ScenarioError): ScenarioError => ({ ...warning, message: `warning: ${warning.message}` })

/** The text output: one line per valid file without warnings, one per mistake or warning. */
export function formatChecks(checks: readonly FileCheck[]): string {
  return checks
    .map((check) => {
      const lines = check.ok ? check.warnings.map(asWarning) : check.errors
      return check.ok && lines.length === 0 ? `${check.file}: ok\n` : `${lines.map(formatScenarioError).join('\n')}\n`
    })
    .join('')
}

export async function checkCommand(argv: readonly string[]): Promise<number> {
  let parsed
  try {
    parsed = parseArgs({ args: [...argv], options: CHECK_OPTIONS, allowPositionals: true, strict: true })
  } catch (error) {
    return usageError('audio-task-mock check', (error as Error).message)
  }
  const { values, positionals } = parsed
  if (values.help) {
    process.stdout.write(CHECK_USAGE)
    return 0
  }
  if (positionals.length === 0) return usageError('audio-task-mock check', 'name at least one scenario file')
  const checks: FileCheck[] = []
  for (const file of positionals) checks.push(await checkFile(file, values['runtime-key'] ?? []))
  const valid = checks.every((check) => check.ok)
  const warnings = checks.reduce((sum, check) => sum + check.warnings.length, 0)
  const code = !valid ? 2 : values.strict && warnings > 0 ? 1 : 0
  if (values.json) {
    // `ok` says what the exit code says: under --strict a file with warnings is not ok.
    const files = checks.map((check) => ({ ...check, ok: check.ok && !(values.strict && check.warnings.length > 0) }))
    process.stdout.write(`${JSON.stringify({ ok: code === 0, files }, null, 2)}\n`)
  } else {
    if (warnings > 0) {
      const which = values.strict ? 'failing under --strict' : 'pass --strict to fail on them'
      process.stderr.write(`audio-task-mock check: ${warnings} warning${warnings === 1 ? '' : 's'} (${which})\n`)
    }
    process.stdout.write(formatChecks(checks))
    const bad = checks.filter((check) => !check.ok)
    if (bad.length > 0) {
      const mistakes = bad.reduce((sum, check) => sum + check.errors.length, 0)
      process.stderr.write(
        `audio-task-mock check: ${mistakes} mistake${mistakes === 1 ? '' : 's'} in ${bad.length} of ${checks.length} file${checks.length === 1 ? '' : 's'}\n`,
      )
    }
  }
  return code
}
