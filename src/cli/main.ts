/**
 * The command line: a dispatcher over subcommands. Each subcommand is a file exporting one
 * function that takes the arguments after its name and resolves with an exit code; it is
 * imported only when asked for, so `--help` or `check` never load the server. No subcommand:
 * serve a scenario (serve-command.ts).
 */
import { serveFlagsHelp } from './serve-options.js'
import { serveCommand } from './serve-command.js'
import { usageError } from './usage-error.js'

export { DEFAULT_SCENARIO } from './serve-options.js'

export const USAGE = `Usage: audio-task-mock [options]                      serve a scenario until SIGTERM/SIGINT
       audio-task-mock run [options] -- COMMAND [ARGS...]   serve on a free port while COMMAND runs
       audio-task-mock check [--json] FILE...             validate scenario files offline
       audio-task-mock verify --base-url URL --api-key KEY   check a real service (see verify --help)
       audio-task-mock record --upstream URL --out FILE     record a real service as a scenario
       audio-task-mock replay RUN.json [options]          serve the scenario that replays a run file
       audio-task-mock diff A.json B.json                 compare two run files request by request

A fake of the Asynchronous Audio Task Service, driven by a YAML scenario.
Each subcommand has its own --help.

Options:
${serveFlagsHelp(4010)}  -h, --help        show this help
  -v, --version     show the version

When ready it prints "listening on http://HOST:PORT". SIGTERM or SIGINT stops it (exit 0).
Exit code 2: a wrong flag or an invalid scenario (FILE:LINE:COL: path: message).
`

type Command = (argv: readonly string[]) => Promise<number | null>

/** Subcommands by name. Add one as `name: async (argv) => (await import('./name-command.js')).nameCommand(argv)`. */
const COMMANDS: Record<string, Command> = {
  run: async (argv) => (await import('./run-command.js')).runCommand(argv),
  check: async (argv) => (await import('./check-command.js')).checkCommand(argv),
  // Loaded only when asked for: the server does not need the response checks (ajv).
  verify: async (argv) => (await import('./verify-command.js')).verifyCommand(argv),
  record: async (argv) => (await import('./record-command.js')).recordCommand(argv),
  replay: async (argv) => (await import('./replay-command.js')).replayCommand(argv),
  diff: async (argv) => (await import('./diff-command.js')).diffCommand(argv),
}

/** Runs the CLI; resolves with the exit code to set, or null when the server runs until a signal. */
export async function main(argv: readonly string[]): Promise<number | null> {
  const first = argv[0]
  const command = first !== undefined && Object.hasOwn(COMMANDS, first) ? COMMANDS[first]! : null
  if (command !== null) return command(argv.slice(1))
  // The server takes no positional argument: a word here is a subcommand misspelt.
  if (first !== undefined && !first.startsWith('-')) {
    const names = Object.keys(COMMANDS)
    return usageError('audio-task-mock', `unknown command ${JSON.stringify(first)}; the commands are ${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`)
  }
  return serveCommand(argv, USAGE)
}
