/**
 * `audio-task-mock run [options] -- COMMAND [ARGS...]`: the fake for exactly as long as COMMAND
 * runs. No server is left behind whatever happens to COMMAND: it ends, fails, is killed by a
 * signal, is not found, or `run` itself gets SIGTERM/SIGINT (passed on to COMMAND; a second one,
 * or COMMAND still running 10 s after the first, kills it). If `run` dies anyway, its exit hook
 * kills COMMAND rather than leave it behind.
 */
import { spawn } from 'node:child_process'
import { constants } from 'node:os'
import { parseServeArgs, serveFlagsHelp } from './serve-options.js'
import type { Log } from './log.js'
import { shutdownProblem } from './shutdown-problem.js'
import { startFake } from './start-fake.js'
import { launcherAtStart, watchForOrphaning } from './orphan-watch.js'
import { usageError } from './usage-error.js'
import { takeReportFlags, watchReports, type ReportGate } from './run-report.js'
import { REPORT_RULES } from '../domain/report-rules.js'

/** The variable that carries the fake's base URL to COMMAND. */
export const URL_ENV = 'AUDIO_TASK_MOCK_URL'

/** After the first forwarded signal, how long COMMAND has to end before it is killed. */
export const KILL_AFTER_MS = 10_000

/** `words` joined with ", " in lines of at most `width` characters, each indented by `indent` spaces. */
function wrapped(words: readonly string[], indent: number, width: number): string {
  const lines: string[] = []
  for (const word of words) {
    const last = lines.at(-1)
    if (last !== undefined && last.length + word.length + 2 <= width) lines[lines.length - 1] = `${last}, ${word}`
    else lines.push(`${' '.repeat(indent)}${word}`)
  }
  return lines.map((line, i) => (i < lines.length - 1 ? `${line},` : line)).join('\n')
}

export const RUN_USAGE = `Usage: audio-task-mock run [options] -- COMMAND [ARGS...]

Starts the fake, runs COMMAND with the fake's base URL in ${URL_ENV}
(e.g. http://127.0.0.1:41234), stops the fake when COMMAND ends and exits with COMMAND's
exit code (128+N when signal N killed it). SIGTERM or SIGINT to run is passed on to COMMAND.
The fake's own lines (ready line, --report) go to stderr; COMMAND keeps stdin, stdout, stderr.

Options of run:
  --fail-on-violations  when COMMAND passes, exit 1 if the client report (every world's)
                    lists a violation, each printed (as the GitHub Action's input of the
                    same name); COMMAND's own failure keeps its code
  --ignore-rules LIST   the report's rules that do not fail it, comma-separated, of:
${wrapped(REPORT_RULES, 20, 92)}

Options of the fake (as for the server, but the port defaults to 0: a free one):
${serveFlagsHelp(0)}  -h, --help        show this help

Exit codes: COMMAND's; 127 when COMMAND is not found, 126 when it cannot be executed;
2 for a wrong flag or an invalid scenario; 1 when the fake cannot listen or stops on its own,
or, with --fail-on-violations, when COMMAND passed and the client report lists violations.
`

const stderrLog: Log = {
  info: (line) => void process.stderr.write(`${line}\n`),
  error: (line) => void process.stderr.write(`${line}\n`),
}

export type RunArgs = { serverArgs: string[]; command: string[] } | { help: true } | { error: string }

/** Splits `[options] -- COMMAND [ARGS...]` at the first `--`. */
export function splitRunArgs(argv: readonly string[]): RunArgs {
  const dashes = argv.indexOf('--')
  const serverArgs = dashes === -1 ? [...argv] : argv.slice(0, dashes)
  if (serverArgs.includes('--help') || serverArgs.includes('-h')) return { help: true }
  if (dashes === -1) return { error: 'the command to run goes after --, e.g. audio-task-mock run -- npm test' }
  const command = argv.slice(dashes + 1)
  if (command.length === 0) return { error: 'no command after --, e.g. audio-task-mock run -- npm test' }
  return { serverArgs, command }
}

type Ended = { code: number | null; signal: NodeJS.Signals | null } | { spawnError: NodeJS.ErrnoException }

/** The exit code a shell gives for a command that ended so. */
export function exitCodeOf(ended: Ended): number {
  if ('spawnError' in ended) return ended.spawnError.code === 'ENOENT' ? 127 : 126
  if (ended.code !== null) return ended.code
  return 128 + (ended.signal === null ? 0 : (constants.signals[ended.signal] ?? 0))
}

export async function runCommand(argv: readonly string[]): Promise<number> {
  const split = splitRunArgs(argv)
  if ('help' in split) {
    process.stdout.write(RUN_USAGE)
    return 0
  }
  const flags = 'error' in split ? split : takeReportFlags(split.serverArgs)
  const parsed = 'error' in flags ? flags : parseServeArgs(flags.rest, { defaultPort: 0, env: process.env })
  if ('error' in parsed || parsed.kind !== 'serve') {
    const message = 'error' in parsed ? parsed.error : parsed.kind === 'error' ? parsed.message : `--${parsed.kind} is not a run option`
    return usageError('audio-task-mock run', message)
  }
  const { command } = split as { command: string[] }
  const { gate } = flags as { gate: ReportGate }
  const started = await startFake(parsed.options, stderrLog)
  if (!started.ok) return started.code
  const { fake } = started
  const reports = watchReports(fake.running, gate)

  const child = spawn(command[0]!, command.slice(1), { stdio: 'inherit', env: { ...process.env, [URL_ENV]: fake.running.url } })
  const ended = new Promise<Ended>((resolve) => {
    child.once('error', (error: NodeJS.ErrnoException) => {
      if (child.pid === undefined) resolve({ spawnError: error })
    })
    child.once('exit', (code, signal) => resolve({ code, signal }))
  })
  const running = (): boolean => child.exitCode === null && child.signalCode === null && child.pid !== undefined
  // Whatever ends this process, COMMAND does not outlive it.
  const killOnExit = (): void => void (running() && child.kill('SIGKILL'))
  process.once('exit', killOnExit)
  let forwarded = false
  let killTimer: NodeJS.Timeout | undefined
  const forward = (signal: NodeJS.Signals): void => {
    if (!running()) return
    if (forwarded) {
      child.kill('SIGKILL')
      return
    }
    forwarded = true
    child.kill(signal)
    killTimer = setTimeout(() => void (running() && child.kill('SIGKILL')), KILL_AFTER_MS).unref()
  }
  process.on('SIGTERM', forward)
  process.on('SIGINT', forward)
  // Under npx, npm's SIGTERM stops at the shell between them: treat the shell's death as that signal.
  const unwatch = watchForOrphaning(() => forward('SIGTERM'), { env: process.env, first: launcherAtStart })

  const first = await Promise.race([ended, fake.died.then((error) => ({ died: error }))])
  let result: Ended
  let exitCode: number
  if ('died' in first) {
    stderrLog.error(`audio-task-mock run: the fake stopped while ${command[0]} was running (${first.died.message}); stopping ${command[0]}`)
    forward('SIGTERM')
    result = await ended
    exitCode = 1
  } else {
    result = first
    exitCode = exitCodeOf(result)
  }
  if ('spawnError' in result) {
    const reason = result.spawnError.code === 'ENOENT' ? 'command not found' : result.spawnError.message
    stderrLog.error(`audio-task-mock run: cannot run ${JSON.stringify(command[0])}: ${reason}`)
  }
  const verdict = reports.check()
  for (const line of verdict?.lines ?? []) stderrLog.error(line)
  if (verdict?.failed === true && exitCode === 0) exitCode = 1
  clearTimeout(killTimer)
  unwatch()
  process.off('SIGTERM', forward)
  process.off('SIGINT', forward)
  process.off('exit', killOnExit)
  const saved = await fake.stop(5_000).then(
    () => true,
    (error: Error) => {
      stderrLog.error(`audio-task-mock run: ${shutdownProblem(error)}`)
      return false
    },
  )
  return saved || exitCode !== 0 ? exitCode : 1
}
