/**
 * The rows of one named world in the state database (decision 036): its header (scenario,
 * clock, epoch, counters, incarnations), accounts with their credit events and clips, tasks
 * and rate windows. `world` is '' for the default world, a name for a named world (decision 044).
 * Writes happen inside `transaction`, which commits all or nothing.
 */
import { blobBytes, type Database, type Statement } from './sqlite-binding.js'

type Param = string | number | null

export interface LoadedRows {
  header: unknown
  accounts: Array<{ apiKey: string; ledger: unknown; events: unknown[]; clips: string[] }>
  tasks: unknown[]
  rateWindows: Array<{ apiKey: string; window: unknown }>
}

export class WorldStore {
  readonly #db: Database
  readonly #statements = new Map<string, Statement>()

  constructor(db: Database) {
    this.#db = db
  }

  #run(sql: string, ...params: Param[]): void {
    let statement = this.#statements.get(sql)
    if (statement === undefined) this.#statements.set(sql, (statement = this.#db.prepare(sql)))
    statement.run(...params)
  }

  #all(sql: string, ...params: Param[]): Array<Record<string, unknown>> {
    return this.#db.prepare(sql).all(...params)
  }

  /** Runs `write` in one transaction: committed whole, or rolled back and the error thrown. */
  transaction(write: () => void): void {
    this.#db.exec('BEGIN IMMEDIATE')
    try {
      write()
      this.#db.exec('COMMIT')
    } catch (error) {
      try {
        this.#db.exec('ROLLBACK')
      } catch {
        // SQLite rolled back already (a failed COMMIT on a full disk may do that itself).
      }
      throw error
    }
  }

  putHeader(world: string, header: unknown): void {
    this.#run('INSERT INTO worlds (world, header) VALUES (?, ?) ON CONFLICT (world) DO UPDATE SET header = excluded.header', world, JSON.stringify(header))
  }

  deleteWorld(world: string): void {
    for (const table of ['worlds', 'accounts', 'events', 'clips', 'tasks', 'rate_windows']) this.#run(`DELETE FROM ${table} WHERE world = ?`, world)
  }

  putAccount(world: string, apiKey: string, n: number, ledger: unknown): void {
    this.#run(
      'INSERT INTO accounts (world, api_key, n, ledger) VALUES (?, ?, ?, ?) ON CONFLICT (world, api_key) DO UPDATE SET ledger = excluded.ledger',
      world,
      apiKey,
      n,
      JSON.stringify(ledger),
    )
  }

  /** Forgets the account and everything of its key (tasks, events, clips, rate window). */
  deleteAccount(world: string, apiKey: string): void {
    for (const table of ['accounts', 'events', 'clips', 'tasks', 'rate_windows'])
      this.#run(`DELETE FROM ${table} WHERE world = ? AND api_key = ?`, world, apiKey)
  }

  addEvent(world: string, apiKey: string, n: number, event: unknown): void {
    this.#run('INSERT INTO events (world, api_key, n, event) VALUES (?, ?, ?, ?)', world, apiKey, n, JSON.stringify(event))
  }

  addClip(world: string, apiKey: string, n: number, clip: string): void {
    this.#run('INSERT INTO clips (world, api_key, n, clip) VALUES (?, ?, ?, ?)', world, apiKey, n, clip)
  }

  /** A task, new or changed; `n` orders tasks (creation order) and is kept on an update. */
  putTask(world: string, id: string, apiKey: string, n: number, task: unknown): void {
    this.#run(
      'INSERT INTO tasks (world, id, api_key, n, task) VALUES (?, ?, ?, ?, ?) ON CONFLICT (world, id) DO UPDATE SET task = excluded.task',
      world,
      id,
      apiKey,
      n,
      JSON.stringify(task),
    )
  }

  putRateWindow(world: string, apiKey: string, window: unknown): void {
    this.#run(
      'INSERT INTO rate_windows (world, api_key, window) VALUES (?, ?, ?) ON CONFLICT (world, api_key) DO UPDATE SET window = excluded.window',
      world,
      apiKey,
      JSON.stringify(window),
    )
  }

  deleteRateWindow(world: string, apiKey: string): void {
    this.#run('DELETE FROM rate_windows WHERE world = ? AND api_key = ?', world, apiKey)
  }

  /** The names of the saved named worlds (the default world, '', left out), in name order. */
  names(): string[] {
    return this.#all("SELECT CAST(world AS BLOB) AS world FROM worlds WHERE world <> '' ORDER BY world").map((row) => textOf(row['world'], 'worlds.world'))
  }

  /** The largest task and account order numbers of the world (new rows follow them). */
  lastOrder(world: string): { tasks: number; accounts: number } {
    const tasks = this.#all('SELECT coalesce(max(n), 0) AS n FROM tasks WHERE world = ?', world)[0]?.['n']
    const accounts = this.#all('SELECT coalesce(max(n), 0) AS n FROM accounts WHERE world = ?', world)[0]?.['n']
    return { tasks: Number(tasks), accounts: Number(accounts) }
  }

  /**
   * The world's rows, JSON parsed; null when there is no such world. Text is read as bytes and
   * decoded strictly (a byte that is not UTF-8 would make one SQLite binding panic and the other
   * replace it unseen), and a task's key columns must agree with its text: damage is thrown, with
   * the row it is in.
   */
  load(world: string): LoadedRows | null {
    const header = this.#all('SELECT CAST(header AS BLOB) AS header FROM worlds WHERE world = ?', world)[0]
    if (header === undefined) return null
    const accounts = new Map<string, LoadedRows['accounts'][number]>()
    for (const row of this.#all('SELECT CAST(api_key AS BLOB) AS api_key, CAST(ledger AS BLOB) AS ledger FROM accounts WHERE world = ? ORDER BY n', world)) {
      const apiKey = textOf(row['api_key'], 'accounts.api_key')
      accounts.set(apiKey, { apiKey, ledger: jsonOf(row['ledger'], `accounts[${apiKey}].ledger`), events: [], clips: [] })
    }
    const owner = (apiKey: string, table: string): LoadedRows['accounts'][number] => {
      const account = accounts.get(apiKey)
      if (account === undefined) throw new Error(`${table}: a row of key ${JSON.stringify(apiKey)}, which has no account`)
      return account
    }
    for (const row of this.#all(
      'SELECT CAST(api_key AS BLOB) AS api_key, n, CAST(event AS BLOB) AS event FROM events WHERE world = ? ORDER BY api_key, n',
      world,
    )) {
      const apiKey = textOf(row['api_key'], 'events.api_key')
      owner(apiKey, 'events').events.push(jsonOf(row['event'], `events[${apiKey}, ${String(row['n'])}]`))
    }
    for (const row of this.#all(
      'SELECT CAST(api_key AS BLOB) AS api_key, n, CAST(clip AS BLOB) AS clip FROM clips WHERE world = ? ORDER BY api_key, n',
      world,
    )) {
      const apiKey = textOf(row['api_key'], 'clips.api_key')
      owner(apiKey, 'clips').clips.push(textOf(row['clip'], `clips[${apiKey}, ${String(row['n'])}]`))
    }
    const tasks = this.#all(
      'SELECT CAST(id AS BLOB) AS id, CAST(api_key AS BLOB) AS api_key, CAST(task AS BLOB) AS task FROM tasks WHERE world = ? ORDER BY n',
      world,
    ).map((row) => {
      const id = textOf(row['id'], 'tasks.id')
      const where = `tasks[${id}]`
      const task = jsonOf(row['task'], where) as { id?: unknown; apiKey?: unknown }
      if (task?.id !== id) throw new Error(`${where}: its text holds the id ${JSON.stringify(task?.id)}`)
      const apiKey = textOf(row['api_key'], `${where}.api_key`)
      if (task.apiKey !== apiKey) throw new Error(`${where}: its text holds another key than its row`)
      return task
    })
    const rateWindows = this.#all('SELECT CAST(api_key AS BLOB) AS api_key, CAST(window AS BLOB) AS window FROM rate_windows WHERE world = ?', world).map(
      (row) => {
        const apiKey = textOf(row['api_key'], 'rate_windows.api_key')
        return { apiKey, window: jsonOf(row['window'], `rate_windows[${apiKey}]`) }
      },
    )
    return { header: jsonOf(header['header'], 'worlds.header'), accounts: [...accounts.values()], tasks, rateWindows }
  }
}

const strict = new TextDecoder('utf-8', { fatal: true })

/** A text column read as bytes (`CAST(… AS BLOB)`), decoded strictly. */
function textOf(value: unknown, where: string): string {
  if (typeof value === 'string') return value
  const bytes = blobBytes(value)
  if (bytes === null) throw new Error(`${where}: not text`)
  try {
    return strict.decode(bytes)
  } catch {
    throw new Error(`${where}: not UTF-8 (a damaged byte)`)
  }
}

function jsonOf(value: unknown, where: string): unknown {
  const text = textOf(value, where)
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new Error(`${where}: not JSON: ${(error as Error).message}`, { cause: error })
  }
}
