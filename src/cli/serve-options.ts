/**
 * The server's flags, parsed without side effects: the plain command and `run` take the same
 * ones (with different default ports). `parseServeArgs` only reads argv and the environment it
 * is given; starting anything is serve.ts's business.
 */
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { adminTokenProblem } from '../admin/admin-auth.js'
import { parseDuration } from '../domain/duration.js'
import { normaliseOrigins } from '../server/cors.js'
import { chooseScenarioFile } from './bundled-scenarios.js'
import { envHelp, withEnv, type EnvFlag } from './serve-env.js'

export const DEFAULT_SCENARIO = fileURLToPath(new URL('../../scenarios/default.yaml', import.meta.url))

/** The flag lines of the server's help, shared by `audio-task-mock --help` and `run --help`. */
export const serveFlagsHelp = (defaultPort: number): string => `  --scenario FILE   scenario to serve (default: the bundled scenarios/default.yaml);
                    a bare NAME serves the bundled scenarios/NAME.yaml (happy-path,
                    flaky-create, rate-limited, realistic-mix, ... see scenarios/README.md)
  --port N          port to listen on; 0 picks a free port (default: ${defaultPort})
  --host HOST       address to bind (default: 127.0.0.1)
  --seed N          overrides the scenario's seed (ids and outputs derive from it)
  --admin-token T   require this token on /__admin (Authorization: Bearer T); needed
                    for the admin API on a non-loopback host
  --cors-origin O   let only pages from origin O (e.g. http://localhost:5173) call the
                    public API and media from another origin; repeatable (default: any)
  --report          print the client report (what clients did wrong) on exit
  --state FILE      keep the worlds (accounts, credits, tasks, clock; the default world and
                    every /worlds/NAME) in FILE, an SQLite database: restored on start,
                    committed every --state-interval and on shutdown; one server per FILE
                    (see docs/persistence.md)
  --state-mode M    interval (default): a SIGKILL loses up to one interval of changes;
                    durable: a create is answered only once it is committed (fsynced), so
                    a SIGKILL loses no acknowledged task; a failed write answers 503
  --state-interval D  how often to commit the state when it changed (default: 5s)
  --state-any-scenario  take a state saved under another scenario (its accounts and tasks
                    kept, its rule and fault counters restarted if they do not fit)
  --watch           reload the scenario file when it changes (the world restarts from it;
                    an invalid edit is reported and the previous scenario kept)

${envHelp()}`

export const SERVE_OPTIONS = {
  scenario: { type: 'string' },
  port: { type: 'string' },
  host: { type: 'string' },
  seed: { type: 'string' },
  'admin-token': { type: 'string' },
  'cors-origin': { type: 'string', multiple: true },
  report: { type: 'boolean' },
  state: { type: 'string' },
  'state-interval': { type: 'string' },
  'state-mode': { type: 'string' },
  'state-any-scenario': { type: 'boolean' },
  watch: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const

export interface ServeOptions {
  scenarioFile: string
  /** The scenario as text instead of `scenarioFile` (`replay`: a run file's replaying scenario); `source` names it in messages. */
  scenarioText?: { text: string; source: string }
  port: number
  host: string
  seed: number | undefined
  adminToken: string | undefined
  /** Origins allowed by CORS; undefined: any. */
  corsOrigins: string[] | undefined
  report: boolean
  statePath: string | undefined
  stateIntervalMs: number
  /** `--state-mode`: interval (default) or durable (decision 013). */
  stateMode: 'interval' | 'durable'
  /** `--state-any-scenario`: take a state saved under another scenario. */
  stateAnyScenario: boolean
  watch: boolean
}

export type ParsedServeArgs = { kind: 'serve'; options: ServeOptions } | { kind: 'help' } | { kind: 'version' } | { kind: 'error'; message: string }

function integer(name: string, text: string | undefined, min: number, max: number): number | string | undefined {
  if (text === undefined) return undefined
  const value = Number(text)
  if (!/^\d+$/.test(text) || value < min || value > max) return `${name} expects a whole number from ${min} to ${max}, got ${JSON.stringify(text)}`
  return value
}

/** What the flags (and the `AUDIO_TASK_MOCK_*` variables in `env`, serve-env.ts) ask for, or the first mistake in them. */
export function parseServeArgs(argv: readonly string[], settings: { defaultPort: number; env?: NodeJS.ProcessEnv }): ParsedServeArgs {
  let parsed
  try {
    ;({ values: parsed } = parseArgs({ args: [...argv], options: SERVE_OPTIONS, allowPositionals: false, strict: true }))
  } catch (error) {
    return { kind: 'error', message: (error as Error).message }
  }
  if (parsed.help) return { kind: 'help' }
  if (parsed.version) return { kind: 'version' }
  const merged = withEnv(parsed, settings.env)
  if (!merged.ok) return { kind: 'error', message: merged.message }
  const values = merged.values as typeof parsed
  const from = (flag: EnvFlag): string => merged.source(flag)
  const port = integer(from('port'), values.port, 0, 65535)
  const seed = integer(from('seed'), values.seed, 0, 2 ** 32 - 1)
  for (const value of [port, seed]) if (typeof value === 'string') return { kind: 'error', message: value }
  // An empty --host (an unset shell variable) would bind every interface.
  if (values.host === '') {
    return {
      kind: 'error',
      message:
        '--host expects an address or a name to bind, got ""; the default 127.0.0.1 keeps the fake on this machine, 0.0.0.0 exposes it on every interface',
    }
  }
  const adminToken = values['admin-token']
  if (adminToken === '') return { kind: 'error', message: '--admin-token expects a non-empty token' }
  const tokenProblem = adminToken === undefined ? null : adminTokenProblem(from('admin-token'), adminToken)
  if (tokenProblem !== null) return { kind: 'error', message: tokenProblem }
  const corsOrigins = values['cors-origin']
  try {
    normaliseOrigins(corsOrigins)
  } catch (error) {
    return { kind: 'error', message: `${from('cors-origin')}: ${(error as Error).message}` }
  }
  const chosen = values.scenario === undefined ? { file: DEFAULT_SCENARIO } : chooseScenarioFile(values.scenario)
  if ('error' in chosen) return { kind: 'error', message: chosen.error.replace(/^--scenario /, `${from('scenario')} `) }
  const stateIntervalMs = parseDuration(values['state-interval'] ?? '5s')
  if (stateIntervalMs === null || stateIntervalMs < 100) {
    return {
      kind: 'error',
      message: `${from('state-interval')} expects a duration of at least 100ms, like 5s or 1m, got ${JSON.stringify(values['state-interval'])}`,
    }
  }
  const stateMode = values['state-mode'] ?? 'interval'
  if (stateMode !== 'interval' && stateMode !== 'durable') {
    return { kind: 'error', message: `${from('state-mode')} expects interval or durable, got ${JSON.stringify(stateMode)}` }
  }
  if (values['state-mode'] !== undefined && values.state === undefined) return { kind: 'error', message: `${from('state-mode')} needs --state FILE` }
  if (values['state-any-scenario'] === true && values.state === undefined) return { kind: 'error', message: `${from('state-any-scenario')} needs --state FILE` }
  return {
    kind: 'serve',
    options: {
      scenarioFile: chosen.file,
      port: (port as number | undefined) ?? settings.defaultPort,
      host: values.host ?? '127.0.0.1',
      seed: seed as number | undefined,
      adminToken,
      corsOrigins,
      report: values.report ?? false,
      statePath: values.state,
      stateIntervalMs,
      stateMode,
      stateAnyScenario: values['state-any-scenario'] ?? false,
      watch: values.watch ?? false,
    },
  }
}
