/**
 * The command line: flags, the ready line, signals. Exit codes: 0 after a clean shutdown,
 * 2 for a usage mistake or an invalid scenario (each mistake as FILE:LINE:COL: path: message).
 */
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { ADMIN_TOKEN_ENV, isLoopback } from '../admin/admin-auth.js'
import { formatReport } from '../report/format-report.js'
import { formatScenarioError, loadScenarioFile } from '../scenario/index.js'
import { parseDuration } from '../domain/duration.js'
import { chooseScenarioFile } from './bundled-scenarios.js'
import type { StateKeeper } from './state-option.js'

export const DEFAULT_SCENARIO = fileURLToPath(new URL('../../scenarios/default.yaml', import.meta.url))

export const USAGE = `Usage: audio-task-mock [options]
       audio-task-mock verify --base-url URL --api-key KEY [options]   (see verify --help)

A fake of the Asynchronous Audio Task Service, driven by a YAML scenario.

Options:
  --scenario FILE   scenario to serve (default: the bundled scenarios/default.yaml);
                    a bare NAME serves the bundled scenarios/NAME.yaml (happy-path,
                    flaky-create, rate-limited, realistic-mix, ... see scenarios/README.md)
  --port N          port to listen on; 0 picks a free port (default: 4010)
  --host HOST       address to bind (default: 127.0.0.1)
  --seed N          overrides the scenario's seed (ids and outputs derive from it)
  --admin-token T   require this token on /__admin (Authorization: Bearer T); needed
                    for the admin API on a non-loopback host. Env: ${ADMIN_TOKEN_ENV}
  --report          print the client report (what clients did wrong) on exit
  --state FILE      keep the world (accounts, credits, tasks, clock) in FILE: restored on
                    start, saved atomically every --state-interval and on shutdown
  --state-mode M    interval (default): a SIGKILL loses up to one interval of changes;
                    durable: every change is logged beside FILE and a create is answered
                    only once it is on disk, so a SIGKILL loses no acknowledged task
  --state-interval D  how often to save the state when it changed (default: 5s)
  -h, --help        show this help
  -v, --version     show the version

When ready it prints "listening on http://HOST:PORT". SIGTERM or SIGINT stops it (exit 0).
Exit code 2: a wrong flag or an invalid scenario (FILE:LINE:COL: path: message).
`

const OPTIONS = {
  scenario: { type: 'string' },
  port: { type: 'string' },
  host: { type: 'string' },
  seed: { type: 'string' },
  'admin-token': { type: 'string' },
  report: { type: 'boolean' },
  state: { type: 'string' },
  'state-interval': { type: 'string' },
  'state-mode': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const

function usageError(message: string): number {
  process.stderr.write(`audio-task-mock: ${message}\n\n${USAGE}`)
  return 2
}

function integer(flag: string, text: string | undefined, min: number, max: number): number | string | undefined {
  if (text === undefined) return undefined
  const value = Number(text)
  if (!/^\d+$/.test(text) || value < min || value > max) return `--${flag} expects a whole number from ${min} to ${max}, got ${JSON.stringify(text)}`
  return value
}

/** Runs the CLI; resolves with the exit code to set, or null when the server runs until a signal. */
export async function main(argv: readonly string[]): Promise<number | null> {
  // Loaded only when asked for: the server does not need the response checks (ajv).
  if (argv[0] === 'verify') return (await import('./verify-command.js')).verifyCommand(argv.slice(1))
  let values
  try {
    ;({ values } = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: false, strict: true }))
  } catch (error) {
    return usageError((error as Error).message)
  }
  if (values.help) {
    process.stdout.write(USAGE)
    return 0
  }
  if (values.version) {
    const pkg = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
    process.stdout.write(`${pkg.version}\n`)
    return 0
  }
  const port = integer('port', values.port, 0, 65535)
  const seed = integer('seed', values.seed, 0, 2 ** 32 - 1)
  for (const value of [port, seed]) if (typeof value === 'string') return usageError(value)
  const adminToken = values['admin-token'] ?? (process.env[ADMIN_TOKEN_ENV] || undefined)
  if (adminToken === '') return usageError('--admin-token expects a non-empty token')
  const chosen = values.scenario === undefined ? { file: DEFAULT_SCENARIO } : chooseScenarioFile(values.scenario)
  if ('error' in chosen) return usageError(chosen.error)
  const file = chosen.file
  const stateInterval = parseDuration(values['state-interval'] ?? '5s')
  if (stateInterval === null || stateInterval < 100) {
    return usageError(`--state-interval expects a duration of at least 100ms, like 5s or 1m, got ${JSON.stringify(values['state-interval'])}`)
  }
  const stateMode = values['state-mode'] ?? 'interval'
  if (stateMode !== 'interval' && stateMode !== 'durable') return usageError(`--state-mode expects interval or durable, got ${JSON.stringify(stateMode)}`)
  if (values['state-mode'] !== undefined && values.state === undefined) return usageError('--state-mode needs --state FILE')
  // Loaded only with --state: restoring pulls in the output generator, which plain start-up defers.
  const state = values.state === undefined ? null : await import('./state-option.js')
  const unusable = values.state === undefined || state === null ? null : await state.checkStatePath(values.state)
  if (unusable !== null) {
    process.stderr.write(`audio-task-mock: ${values.state}: cannot keep the state there: ${unusable}\n`)
    return 2
  }
  const saved = values.state === undefined || state === null ? null : await state.readState(values.state)
  if (saved !== null && !saved.ok) {
    process.stderr.write(`audio-task-mock: ${saved.message}\n`)
    return 2
  }
  const loaded = await loadScenarioFile(file)
  if (!loaded.ok) {
    process.stderr.write(`${loaded.errors.map(formatScenarioError).join('\n')}\n`)
    return 2
  }
  // Imported here: the server's dependencies (msw, express, faker) are not needed for --help or verify.
  const { startServer } = await import('../server/start-server.js')
  let keeper: StateKeeper | null = null
  let refusal: string | null = null
  const running = await startServer({
    scenario: loaded.scenario,
    seed: seed as number | undefined,
    port: (port as number | undefined) ?? 4010,
    host: values.host ?? '127.0.0.1',
    adminToken,
    // Restored and saved before the server listens: no request sees the world before it.
    prepare: async (mock) => {
      if (values.state === undefined || state === null || !saved?.ok) return
      const adopted = await state.adoptState(mock, values.state, saved.value, stateInterval, stateMode)
      if (!adopted.ok) {
        refusal = adopted.message
        throw new Error(adopted.message)
      }
      keeper = adopted.keeper
      process.stdout.write(`audio-task-mock: ${adopted.summary}\n`)
    },
  }).catch((error: NodeJS.ErrnoException) => error)
  if (refusal !== null) {
    process.stderr.write(`audio-task-mock: ${refusal}\n`)
    return 2
  }
  if (running instanceof Error) {
    process.stderr.write(`audio-task-mock: cannot listen: ${running.message}\n`)
    return 1
  }
  // Before the ready line: a signal sent as soon as it is read must find its handler.
  const stop = (signal: string): void => {
    process.stdout.write(`audio-task-mock: ${signal} received, closing\n`)
    if (values.report) process.stdout.write(formatReport(running.report()))
    running
      .close()
      .then(() => (keeper as StateKeeper | null)?.stop())
      .then(() => process.exit(0))
  }
  process.once('SIGTERM', () => stop('SIGTERM'))
  process.once('SIGINT', () => stop('SIGINT'))
  const { scenario } = running.mock
  process.stdout.write(
    `audio-task-mock listening on ${running.url} (scenario ${JSON.stringify(scenario.name)}, seed ${scenario.seed}, ${scenario.accounts.length} accounts)\n`,
  )
  if (!isLoopback(values.host ?? '127.0.0.1') && adminToken === undefined) {
    process.stderr.write(`audio-task-mock: /__admin is closed on ${values.host}: give --admin-token or ${ADMIN_TOKEN_ENV} to use it\n`)
  }
  return null
}
