/**
 * The SQLite binding `--state` uses (decision 036): Node's own `node:sqlite` where it is there
 * without a flag (Node >= 22.13), else `libsql` (a better-sqlite3-like API whose binaries are
 * npm packages), an optional peer a Node 20 user installs. Both are loaded only when `--state`
 * is given, never by the browser entry or a plain start. `AUDIO_TASK_MOCK_SQLITE=libsql` (or
 * `node`) picks one (the tests and the bench run both).
 */
import { createRequire } from 'node:module'

/** The part of both bindings' statement API the store uses. */
export interface Statement {
  run(...params: Array<string | number | null>): unknown
  get(...params: Array<string | number | null>): Record<string, unknown> | undefined
  all(...params: Array<string | number | null>): Array<Record<string, unknown>>
}

export interface Database {
  exec(sql: string): void
  prepare(sql: string): Statement
  close(): void
}

export interface Binding {
  /** e.g. "node:sqlite (SQLite 3.51.3)". */
  readonly name: string
  open(path: string): Database
}

type Opener = (path: string) => Database

/** node:sqlite without its ExperimentalWarning (Node 22 prints one at load), or null where Node has none. */
function nodeSqlite(): Opener | null {
  const getBuiltin = (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule
  if (getBuiltin === undefined) return null
  const emit = process.emitWarning
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    if (!String(warning instanceof Error ? warning.message : warning).includes('SQLite')) (emit as (...args: unknown[]) => void).call(process, warning, ...rest)
  }) as typeof process.emitWarning
  try {
    const found = getBuiltin('node:sqlite') as { DatabaseSync?: new (path: string) => Database } | undefined
    const DatabaseSync = found?.DatabaseSync
    return DatabaseSync === undefined ? null : (path) => new DatabaseSync(path)
  } catch {
    return null
  } finally {
    process.emitWarning = emit
  }
}

function libsql(): Opener | null {
  try {
    const Libsql = createRequire(import.meta.url)('libsql') as new (path: string, options?: { timeout?: number }) => Database
    return (path) => new Libsql(path, { timeout: 0 })
  } catch {
    return null
  }
}

function versionOf(open: Opener): string {
  const db = open(':memory:')
  try {
    return String(db.prepare('SELECT sqlite_version() AS v').get()?.['v'])
  } finally {
    db.close()
  }
}

const MISSING: Record<string, string> = {
  'node:sqlite': `Node ${process.version} has no node:sqlite (it comes with Node 22.13 and later)`,
  libsql: 'the package libsql is not installed (npm install libsql beside audio-task-mock)',
}

/**
 * The binding to use, or why there is none. `loaders` stands in for the two bindings in tests.
 * `AUDIO_TASK_MOCK_SQLITE` (libsql or node) keeps to the one it names, and a refusal then says so.
 */
export function chooseBinding(
  env: NodeJS.ProcessEnv = process.env,
  loaders: { node: () => Opener | null; libsql: () => Opener | null } = { node: nodeSqlite, libsql },
): Binding | { error: string } {
  const wanted = env['AUDIO_TASK_MOCK_SQLITE'] ?? ''
  const candidates: Array<[string, () => Opener | null]> = [
    ['node:sqlite', loaders.node],
    ['libsql', loaders.libsql],
  ]
  const named = candidates.filter(([name]) => wanted === '' || name.includes(wanted))
  if (named.length === 0) return { error: `--state needs SQLite: AUDIO_TASK_MOCK_SQLITE=${JSON.stringify(wanted)} names no binding: use libsql or node` }
  for (const [name, load] of named) {
    const open = load()
    if (open !== null) return { name: `${name} (SQLite ${versionOf(open)})`, open }
  }
  if (named.length === 1) {
    const [name] = named[0]!
    return { error: `--state needs SQLite: AUDIO_TASK_MOCK_SQLITE=${wanted} keeps to ${name}, and ${MISSING[name]}; unset it to use the other binding` }
  }
  return {
    error:
      `--state needs SQLite: ${MISSING['node:sqlite']} and ${MISSING['libsql']!.replace(' (npm install libsql beside audio-task-mock)', '')}. ` +
      'Install it beside audio-task-mock (npm install libsql), or run on Node 22.13 or later',
  }
}

/** A BLOB column's value as bytes (node:sqlite gives a Uint8Array, libsql an ArrayBuffer), or null for anything else. */
export function blobBytes(value: unknown): Uint8Array | null {
  if (value instanceof Uint8Array) return value
  if (value instanceof ArrayBuffer) return new Uint8Array(value)
  return null
}
