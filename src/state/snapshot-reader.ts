/**
 * Reads a state file back into one value for `restoreWorld` (which checks it whole): a
 * version-2 file line by line (header, accounts with their events and clips, tasks, end), or
 * a version-1 file (one JSON document). Line by line, so no single string holds the file.
 */
import { createReadStream } from 'node:fs'
import { createInterface } from 'node:readline'

export type ReadOutcome = { ok: true; value: unknown } | { ok: false; message: string }

interface SavedAccount {
  apiKey: unknown
  ledger: unknown
  events: unknown[]
  clips: unknown[]
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** The saved state as one value, `null` when there is no file yet (a fresh start). */
export async function readState(path: string): Promise<ReadOutcome> {
  const refused = (message: string): ReadOutcome => ({ ok: false, message: `${path}: refused: ${message}` })
  const stream = createReadStream(path, { encoding: 'utf8' })
  const opened = await new Promise<NodeJS.ErrnoException | null>((resolve) => {
    stream.once('open', () => resolve(null))
    stream.once('error', (error) => resolve(error))
  })
  if (opened !== null) {
    if (opened.code === 'ENOENT') return { ok: true, value: null }
    return { ok: false, message: `${path}: cannot read the state file: ${opened.message}` }
  }
  let header: Record<string, unknown> | null = null
  const accounts = new Map<unknown, SavedAccount>()
  const tasks: unknown[] = []
  let end: Record<string, unknown> | null = null
  let number = 0
  try {
    for await (const line of createInterface({ input: stream, crlfDelay: Infinity })) {
      number += 1
      if (line === '') continue
      let record: unknown
      try {
        record = JSON.parse(line)
      } catch (error) {
        return refused(`not a state file (${number === 1 ? '' : `line ${number}: `}not JSON: ${(error as Error).message})`)
      }
      if (number === 1 && isObject(record) && !('header' in record)) {
        // Version 1: the whole state is this one document.
        return { ok: true, value: record }
      }
      if (!isObject(record)) return refused(`line ${number}: expected a record (an object), got ${JSON.stringify(record)?.slice(0, 40)}`)
      if (end !== null) return refused(`line ${number}: a record after the end record`)
      if (number === 1) {
        if (!isObject(record['header'])) return refused('line 1: the header is not an object')
        header = record['header']
        continue
      }
      if (header === null) return refused(`line ${number}: no header before it`)
      if (isObject(record['account'])) {
        const { apiKey, ledger } = record['account']
        accounts.set(apiKey, { apiKey, ledger, events: [], clips: [] })
      } else if (isObject(record['events']) || isObject(record['clips'])) {
        const kind = isObject(record['events']) ? 'events' : 'clips'
        const part = record[kind] as Record<string, unknown>
        const account = accounts.get(part['apiKey'])
        if (account === undefined || !Array.isArray(part['items'])) return refused(`line ${number}: ${kind} of no account before it, or without items`)
        for (const item of part['items'] as unknown[]) account[kind].push(item)
      } else if ('task' in record) {
        tasks.push(record['task'])
      } else if (isObject(record['end'])) {
        end = record['end']
      } else {
        return refused(`line ${number}: not a record of a state file (header, account, events, clips, task or end)`)
      }
    }
  } catch (error) {
    return { ok: false, message: `${path}: cannot read the state file: ${(error as Error).message}` }
  }
  if (header === null) return refused('not a state file (it is empty)')
  if (end === null) return refused('the file is cut short (no end record): a save did not finish')
  if (end['accounts'] !== accounts.size || end['tasks'] !== tasks.length) {
    return refused(
      `the end record counts ${String(end['accounts'])} accounts and ${String(end['tasks'])} tasks, the file holds ${accounts.size} and ${tasks.length}`,
    )
  }
  return { ok: true, value: { ...header, accounts: [...accounts.values()], tasks } }
}
