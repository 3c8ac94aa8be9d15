/**
 * A JSON state of the earlier format (decision 013) at `--state FILE` is migrated once: read
 * and checked whole by the old reader, restored, moved to FILE.format-2 (kept, never deleted),
 * and the world written to a new SQLite database at FILE. What it cannot take is refused here.
 */
import { readdir, stat } from 'node:fs/promises'
import { basename, dirname } from 'node:path'

/** The earlier durable mode's log beside FILE: changes the JSON file does not hold. A message, or null. */
export async function oldLogSegments(path: string): Promise<string | null> {
  const prefix = `${basename(path)}.log.`
  const names = (await readdir(dirname(path))).filter((name) => name.startsWith(prefix) && /^\d+$/.test(name.slice(prefix.length)))
  if (names.length === 0) return null
  return (
    `it is a JSON state of the earlier format with ${names.length} change log file(s) beside it (${names.join(', ')}), which this version does not replay. ` +
    'Stop the server that wrote them with SIGTERM under the earlier version (it folds the log into the file), or remove them to give up those changes'
  )
}

/** A migration already happened once: FILE.format-2 is there. A message, or null. */
export async function stateBeforeMigration(path: string): Promise<string | null> {
  const kept = `${path}.format-2`
  const there = await stat(kept).then(
    () => true,
    () => false,
  )
  return there ? `it is a JSON state of the earlier format, and ${kept} (an earlier migration's copy) is in the way: move one of them away` : null
}
