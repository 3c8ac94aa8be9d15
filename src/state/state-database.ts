/**
 * Opening FILE as the state database (decision 036): locked for this process alone (SQLite's
 * exclusive locking mode: a second server cannot even read it), checked (`quick_check`, then
 * the tables' format) and never changed before both passed. Problems come back as messages.
 */
import { readFile, rm, writeFile } from 'node:fs/promises'
import { hostname } from 'node:os'
import { blobBytes, type Binding, type Database } from './sqlite-binding.js'

export const DB_FORMAT = 'audio-task-mock/state'
/** 3: SQLite (1 and 2 were JSON files, see migrate-json-state.ts). */
export const DB_VERSION = '3'

const SCHEMA = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
CREATE TABLE worlds (world TEXT PRIMARY KEY, header TEXT NOT NULL) STRICT;
CREATE TABLE accounts (world TEXT NOT NULL, api_key TEXT NOT NULL, n INTEGER NOT NULL, ledger TEXT NOT NULL, PRIMARY KEY (world, api_key)) STRICT;
CREATE TABLE events (world TEXT NOT NULL, api_key TEXT NOT NULL, n INTEGER NOT NULL, event TEXT NOT NULL, PRIMARY KEY (world, api_key, n)) STRICT;
CREATE TABLE clips (world TEXT NOT NULL, api_key TEXT NOT NULL, n INTEGER NOT NULL, clip TEXT NOT NULL, PRIMARY KEY (world, api_key, n)) STRICT;
CREATE TABLE tasks (world TEXT NOT NULL, id TEXT NOT NULL, api_key TEXT NOT NULL, n INTEGER NOT NULL, task TEXT NOT NULL, PRIMARY KEY (world, id)) STRICT;
CREATE INDEX tasks_of_account ON tasks (world, api_key);
CREATE TABLE rate_windows (world TEXT NOT NULL, api_key TEXT NOT NULL, window TEXT NOT NULL, PRIMARY KEY (world, api_key)) STRICT;
`
const TABLES = ['accounts', 'clips', 'events', 'meta', 'rate_windows', 'tasks', 'worlds']

/** `empty`: a new file, no tables yet (`activateStateDatabase` makes them). */
export type Opened = { ok: true; db: Database; empty: boolean } | { ok: false; message: string }

/** Who holds FILE: written beside it once the lock is ours, read by a server that is refused. */
export const holderPath = (path: string): string => `${path}-holder`

async function holderOf(path: string): Promise<string> {
  const text = await readFile(holderPath(path), 'utf8').catch(() => null)
  try {
    const holder = JSON.parse(text ?? 'null') as { pid: number; host: string; since: string }
    return `pid ${holder.pid} on ${holder.host}, since ${holder.since}`
  } catch {
    return `a process that left no ${holderPath(path)}`
  }
}

export async function releaseHolder(path: string): Promise<void> {
  await rm(holderPath(path), { force: true })
}

const lenient = (value: unknown): string => {
  const bytes = blobBytes(value)
  return bytes === null ? String(value) : new TextDecoder().decode(bytes)
}

function checkTables(db: Database): string | null {
  // Read as bytes and decoded leniently: a damaged byte shows in the message instead of making a binding panic.
  const names = db
    .prepare("SELECT CAST(name AS BLOB) AS name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
    .all()
    .map((row) => lenient(row['name']))
  if (names.length === 0) return null
  const missing = TABLES.filter((name) => !names.includes(name))
  if (missing.length > 0) return `it is an SQLite database but not an audio-task-mock state (tables ${names.join(', ')}; missing ${missing.join(', ')})`
  const meta = new Map(
    db
      .prepare('SELECT CAST(key AS BLOB) AS key, CAST(value AS BLOB) AS value FROM meta')
      .all()
      .map((row) => [lenient(row['key']), lenient(row['value'])]),
  )
  if (meta.get('format') !== DB_FORMAT) return `meta.format is ${JSON.stringify(meta.get('format'))}, expected "${DB_FORMAT}"`
  if (meta.get('version') !== DB_VERSION) return `meta.version is ${JSON.stringify(meta.get('version'))}; this audio-task-mock reads version ${DB_VERSION}`
  return null
}

const refusal = async (path: string, error: unknown): Promise<string> => {
  const message = (error as Error).message
  if (/locked|busy/i.test(message)) return `another audio-task-mock serves it (${await holderOf(path)}); stop that one first, or give another --state FILE`
  return `it is not a state database that can be read: ${message}`
}

/**
 * Opens and checks FILE, reading only: a damaged or foreign file is left exactly as it was (the
 * caller reads its rows too before `activateStateDatabase` writes anything).
 */
export async function openStateDatabase(binding: Binding, path: string): Promise<Opened> {
  let db: Database
  try {
    db = binding.open(path)
  } catch (error) {
    return { ok: false, message: `cannot open it: ${(error as Error).message}` }
  }
  const fail = (message: string): Opened => {
    db.close()
    return { ok: false, message }
  }
  try {
    db.exec('PRAGMA busy_timeout = 0')
    db.exec('PRAGMA locking_mode = EXCLUSIVE')
    const problems = db
      .prepare('PRAGMA quick_check(5)')
      .all()
      .map((row) => String(Object.values(row)[0]))
    if (problems.join() !== 'ok') return fail(`the database is damaged (SQLite quick_check: ${problems.join('; ')})`)
    const wrong = checkTables(db)
    const empty = db.prepare('SELECT count(*) AS n FROM sqlite_schema').get()?.['n'] === 0
    return wrong === null ? { ok: true, db, empty } : fail(wrong)
  } catch (error) {
    return fail(await refusal(path, error))
  }
}

/**
 * Takes FILE for this process (WAL mode, the exclusive lock held until close), gives a new file
 * its tables and writes the holder file. `durable`: synchronous=FULL, else NORMAL. A message when it cannot.
 */
export async function activateStateDatabase(db: Database, path: string, durable: boolean): Promise<string | null> {
  try {
    db.prepare('PRAGMA journal_mode = WAL').get()
    // A write takes the exclusive lock now, and keeps it until close.
    db.exec('BEGIN IMMEDIATE')
    db.exec('COMMIT')
    db.exec(`PRAGMA synchronous = ${durable ? 'FULL' : 'NORMAL'}`)
    if (db.prepare('SELECT count(*) AS n FROM sqlite_schema').get()?.['n'] === 0) {
      db.exec(`BEGIN IMMEDIATE; ${SCHEMA} INSERT INTO meta (key, value) VALUES ('format', '${DB_FORMAT}'), ('version', '${DB_VERSION}'); COMMIT`)
    }
  } catch (error) {
    return refusal(path, error)
  }
  try {
    await writeFile(holderPath(path), `${JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() })}\n`)
    return null
  } catch (error) {
    return `cannot write ${holderPath(path)}: ${(error as Error).message}`
  }
}
