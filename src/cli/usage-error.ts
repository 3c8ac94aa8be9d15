/**
 * What every subcommand prints for a usage mistake (a wrong flag, a missing one, a bad value): the
 * mistake, and one line saying where the options are. Never the whole help: the mistake is the
 * line a reader needs, and a 60-line help after it scrolls it away.
 */

/** `audio-task-mock run: MESSAGE` and the line pointing to `audio-task-mock run --help`. */
export function usageErrorText(command: string, message: string): string {
  return `${command}: ${message}\nRun '${command} --help' to see every option.\n`
}

/** Prints the mistake to stderr; resolves to the exit code of a usage mistake, 2. */
export function usageError(command: string, message: string): number {
  process.stderr.write(usageErrorText(command, message))
  return 2
}
