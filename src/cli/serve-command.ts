/**
 * `audio-task-mock [options]`: serves a scenario until SIGTERM or SIGINT, then closes cleanly
 * (in-flight requests finish, the state is saved) and exits 0 (1 when that last save fails).
 */
import { packageAbout } from '../server/package-about.js'
import { launcherAtStart, watchForOrphaning } from './orphan-watch.js'
import { parseServeArgs, type ServeOptions } from './serve-options.js'
import type { Log } from './log.js'
import { shutdownProblem } from './shutdown-problem.js'
import { startFake, type Fake } from './start-fake.js'
import { usageError } from './usage-error.js'

/** Lines to stdout, mistakes to stderr. */
export const consoleLog: Log = {
  info: (line) => void process.stdout.write(`${line}\n`),
  error: (line) => void process.stderr.write(`${line}\n`),
}

/** Resolves with the exit code to set, or null when the server runs until a signal. */
export async function serveCommand(argv: readonly string[], usage: string): Promise<number | null> {
  const parsed = parseServeArgs(argv, { defaultPort: 4010, env: process.env })
  if (parsed.kind === 'error') return usageError('audio-task-mock', parsed.message)
  if (parsed.kind === 'help') {
    process.stdout.write(usage)
    return 0
  }
  if (parsed.kind === 'version') {
    process.stdout.write(`${packageAbout().version}\n`)
    return 0
  }
  return serve(parsed.options)
}

/** Serves until SIGTERM or SIGINT; resolves with the exit code when it cannot start, else null. */
export async function serve(options: ServeOptions): Promise<number | null> {
  // Listening before the ready line is printed: a signal sent as soon as it is read must not
  // find Node's default handler (exit without saving the state). One that comes earlier waits.
  let fake: Fake | null = null
  let requested: string | null = null
  const stop = (why: string): void => {
    if (fake === null) {
      requested = why
      return
    }
    consoleLog.info(`audio-task-mock: ${why}, closing`)
    void fake.stop().then(
      () => process.exit(0),
      // The last save failed (a full disk): what "survives SIGTERM" promised did not hold.
      (error: Error) => {
        consoleLog.error(`audio-task-mock: ${shutdownProblem(error)}`)
        process.exit(1)
      },
    )
  }
  const onTerm = (): void => stop('SIGTERM received')
  const onInt = (): void => stop('SIGINT received')
  process.once('SIGTERM', onTerm)
  process.once('SIGINT', onInt)
  const started = await startFake(options, consoleLog)
  if (!started.ok) {
    process.off('SIGTERM', onTerm)
    process.off('SIGINT', onInt)
    return started.code
  }
  fake = started.fake
  if (requested !== null) stop(requested)
  watchForOrphaning(() => stop('its launcher (npm) exited without passing a signal on'), { env: process.env, first: launcherAtStart })
  void fake.died.then((error) => {
    consoleLog.error(`audio-task-mock: the server stopped: ${error.message}`)
    process.exit(1)
  })
  return null
}
