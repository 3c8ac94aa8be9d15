/** The state database as `--state` opens it, for tests of the keeper and the restore. */
import { chooseBinding, type Binding, type Database } from '../../src/state/sqlite-binding.js'
import { activateStateDatabase, openStateDatabase } from '../../src/state/state-database.js'

/** The SQLite binding this Node uses (node:sqlite, or libsql on Node 20). */
export function binding(): Binding {
  const chosen = chooseBinding()
  if ('error' in chosen) throw new Error(chosen.error)
  return chosen
}

/** FILE opened, locked and made ready to write, as a server holds it. */
export async function activatedDatabase(path: string, durable: boolean): Promise<Database> {
  const opened = await openStateDatabase(binding(), path)
  if (!opened.ok) throw new Error(opened.message)
  const activated = await activateStateDatabase(opened.db, path, durable)
  if (activated !== null) throw new Error(activated)
  return opened.db
}
