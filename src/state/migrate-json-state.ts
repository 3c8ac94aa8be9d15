/**
 * A JSON state of the earlier format (decision 013) at `--state FILE` is migrated once: read
 * and checked whole by the old reader, restored, moved to FILE.format-2 (kept, never deleted),
 * and the world written to a new SQLite database at FILE. What it cannot take is refused here. A
 * migration that cannot save the database (a full disk) is undone: FILE is the JSON state again.
 * One killed before it saved leaves FILE.format-2 and no state at FILE: the next start refuses it.
 */
import { readdir, rename, rm, stat } from 'node:fs/promises'
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

/** Where a migration keeps the JSON state it took from FILE. */
export const keptJsonPath = (path: string): string => `${path}.format-2`

const exists = (path: string): Promise<boolean> =>
  stat(path).then(
    () => true,
    () => false,
  )

/** A migration already happened once: FILE.format-2 is there. A message, or null. */
export async function stateBeforeMigration(path: string): Promise<string | null> {
  const kept = keptJsonPath(path)
  return (await exists(kept))
    ? `it is a JSON state of the earlier format, and ${kept} (an earlier migration's copy) is in the way: move one of them away`
    : null
}

/** FILE holds no state while FILE.format-2 is there: a migration stopped before it saved FILE. A message, or null. */
export async function unfinishedMigration(path: string): Promise<string | null> {
  const kept = keptJsonPath(path)
  if (!(await exists(kept))) return null
  return (
    `${kept} holds a JSON state whose migration did not finish (the server stopped before it saved ${path}): ` +
    `move it back to migrate it again (mv ${kept} ${path}), or remove it to start from the scenario`
  )
}

/** Undoes a migration that could not save FILE: the new database's files go, the JSON state is FILE again. A message. */
export async function undoMigration(path: string): Promise<string> {
  for (const suffix of ['', '-wal', '-shm', '-journal']) await rm(`${path}${suffix}`, { force: true })
  const back = await rename(keptJsonPath(path), path).catch((error: Error) => error)
  return back instanceof Error
    ? `the JSON state stays at ${keptJsonPath(path)}: moving it back failed (${back.message}); mv ${keptJsonPath(path)} ${path} migrates it again`
    : `the JSON state is back at ${path}, unchanged`
}
