/**
 * Starts the fake the way the command line asks (scenario file, state file, watch) and gives
 * back one handle to stop all of it. The plain command and `run` both use it; they differ in
 * where the fake's own lines go (stdout for the server, stderr under `run`, so the command's
 * stdout stays its own) and in what they do once it listens.
 */
import { isLoopback, ADMIN_TOKEN_ENV } from '../admin/admin-auth.js'
import { formatReport } from '../report/format-report.js'
import { formatScenarioError, loadScenarioFile, parseScenario } from '../scenario/index.js'
import type { RunningServer } from '../server/start-server.js'
import type { Log } from './log.js'
import type { ServeOptions } from './serve-options.js'
import type { StateKeeper } from './state-option.js'
import type { ScenarioWatcher } from './watch-scenario.js'

export interface Fake {
  readonly running: RunningServer
  /** Settles with the reason if the server stops without being asked to (it should not). */
  readonly died: Promise<Error>
  /** Prints the report if asked, closes the server (in-flight requests get `graceMs`), saves the state, stops watching. Idempotent. */
  stop(graceMs?: number): Promise<void>
}

export type Started = { ok: true; fake: Fake } | { ok: false; code: number }

export async function startFake(options: ServeOptions, log: Log): Promise<Started> {
  // Loaded only with --state: restoring pulls in the output generator, which plain start-up defers.
  const state = options.statePath === undefined ? null : await import('./state-option.js')
  const unusable = options.statePath === undefined || state === null ? null : await state.checkStatePath(options.statePath)
  if (unusable !== null) {
    log.error(`audio-task-mock: ${options.statePath}: cannot keep the state there: ${unusable}`)
    return { ok: false, code: 2 }
  }
  const saved = options.statePath === undefined || state === null ? null : await state.readState(options.statePath)
  if (saved !== null && !saved.ok) {
    log.error(`audio-task-mock: ${saved.message}`)
    return { ok: false, code: 2 }
  }
  const given = options.scenarioText
  const loaded = given === undefined ? await loadScenarioFile(options.scenarioFile) : parseScenario(given.text, given.source)
  if (!loaded.ok) {
    log.error(loaded.errors.map(formatScenarioError).join('\n'))
    return { ok: false, code: 2 }
  }
  // Imported here: the server's dependencies (msw, express, faker) are not needed for --help, check or verify.
  const { startServer } = await import('../server/start-server.js')
  let keeper: StateKeeper | null = null
  let refusal: string | null = null
  const running = await startServer({
    scenario: loaded.scenario,
    seed: options.seed,
    port: options.port,
    host: options.host,
    adminToken: options.adminToken,
    cors: { origins: options.corsOrigins },
    // Restored, and its new boot epoch saved, before the server listens: no request sees the world before it.
    prepare: async (mock, worlds) => {
      if (options.statePath === undefined || state === null || !saved?.ok) return
      const adopted = await state.adoptState(
        mock,
        options.statePath,
        saved.value,
        { intervalMs: options.stateIntervalMs, mode: options.stateMode, anyScenario: options.stateAnyScenario },
        worlds,
      )
      if (!adopted.ok) {
        refusal = adopted.message
        throw new Error(adopted.message)
      }
      keeper = adopted.keeper
      log.info(`audio-task-mock: ${adopted.summary}`)
    },
  }).catch((error: NodeJS.ErrnoException) => error)
  if (refusal !== null) {
    log.error(`audio-task-mock: ${refusal}`)
    return { ok: false, code: 2 }
  }
  if (running instanceof Error) {
    await (keeper as StateKeeper | null)?.stop()
    log.error(`audio-task-mock: cannot listen: ${running.message}`)
    return { ok: false, code: 1 }
  }
  const { scenario } = running.mock
  log.info(
    `audio-task-mock listening on ${running.url} (scenario ${JSON.stringify(scenario.name)}, seed ${scenario.seed}, ${scenario.accounts.length} accounts)`,
  )
  if (!isLoopback(options.host) && options.adminToken === undefined) {
    log.error(`audio-task-mock: /__admin is closed on ${options.host}: give --admin-token or ${ADMIN_TOKEN_ENV} to use it`)
  }
  let watcher: ScenarioWatcher | null = null
  if (options.watch) {
    const { watchScenario } = await import('./watch-scenario.js')
    watcher = watchScenario(options.scenarioFile, running, log)
    log.info(`audio-task-mock: watching ${options.scenarioFile} for changes`)
  }
  let stopping: Promise<void> | null = null
  const died = new Promise<Error>((resolve) => {
    running.server.once('close', () => {
      if (stopping === null) resolve(new Error('the server closed by itself'))
    })
    running.server.on('error', (error) => resolve(error))
  })
  const stop = (graceMs?: number): Promise<void> => {
    stopping ??= (async () => {
      watcher?.close()
      if (options.report) log.info(formatReport(running.report()).replace(/\n$/, ''))
      await running.close(graceMs)
      await (keeper as StateKeeper | null)?.stop()
    })()
    return stopping
  }
  return { ok: true, fake: { running, died, stop } }
}
