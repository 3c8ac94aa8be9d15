/**
 * `audio-task-mock replay RUN.json [options]`: serves the scenario a run file holds that replays
 * the run (`GET /__admin/run`, the inspector's "Download run"; decision 065), with the serve
 * options of the plain command. Open the inspector on it and the run file beside it (Runs tab) to
 * compare the replay with the run, request by request.
 */
import { readFile } from 'node:fs/promises'
import { parseRun } from '../admin/run-file.js'
import { serve, consoleLog } from './serve-command.js'
import { parseServeArgs, serveFlagsHelp } from './serve-options.js'

export const REPLAY_USAGE = `Usage: audio-task-mock replay RUN.json [options]

Serves the scenario that replays a run: a run file is what GET /__admin/run answers and the
inspector's "Download run" saves (the scenario, the journal, the report, and a scenario that
replays the run: accounts, each task's statuses over time, faults where they fired). Keys are
recorded-key-1, recorded-key-2, ... in the replay. Compare the replay with the run in the
inspector (Runs tab) or with: audio-task-mock diff RUN.json REPLAY-RUN.json

Options (those of the plain command, but --scenario and --watch):
${serveFlagsHelp(4010)}  -h, --help        show this help
Exit code 2: no run file, a file that is not a run, or a wrong flag.
`

export async function replayCommand(argv: readonly string[]): Promise<number | null> {
  if (argv.includes('-h') || argv.includes('--help')) {
    process.stdout.write(REPLAY_USAGE)
    return 0
  }
  const file = argv[0]
  if (file === undefined || file.startsWith('-')) return refuse('expected the run file first: audio-task-mock replay RUN.json [options]')
  const flags = argv.slice(1)
  const own = flags.find((flag) => /^--(scenario|watch)(=|$)/.test(flag))
  if (own !== undefined) return refuse(`${own.split('=')[0]} does not go with replay: the run file holds the scenario`)
  const parsed = parseServeArgs(flags, { defaultPort: 4010, env: { ...process.env, AUDIO_TASK_MOCK_SCENARIO: undefined } })
  if (parsed.kind === 'error') return refuse(parsed.message)
  if (parsed.kind !== 'serve') return refuse('--version is the plain command’s: audio-task-mock --version')
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    return refuse(`${file}: cannot read the run file: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`)
  }
  const read = parseRun(text)
  if (!read.ok) return refuse(`${file}: not an audio-task-mock run file: ${read.message}`)
  const { run } = read
  consoleLog.info(
    `audio-task-mock: replaying ${file}: scenario "${run.scenario.name}", ${run.journal.entries.length} request(s) saved at ${run.saved_at.clock} (fake clock)`,
  )
  return serve({ ...parsed.options, watch: false, scenarioFile: file, scenarioText: { text: run.replay, source: `${file} (its replay scenario)` } })
}

function refuse(message: string): number {
  process.stderr.write(`audio-task-mock replay: ${message}\n\n${REPLAY_USAGE}`)
  return 2
}
