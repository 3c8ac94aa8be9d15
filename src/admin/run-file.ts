/**
 * A run as one file (decision 065): what a world ran (its scenario's text), what it saw (the
 * journal with headers and bodies, keys as their labels), what it concluded (the client report),
 * and a scenario that replays it (`GET /__admin/export`'s). `audio-task-mock replay RUN` serves
 * that scenario; the inspector opens the file to show it and to diff it with another run.
 * Read back here without zod, so the inspector's page can read it too.
 */
import type { ClientReport } from '../domain/report.js'
import type { JournalEntryDetail } from './journal-view.js'

export const RUN_FORMAT = 'audio-task-mock-run'
export const RUN_VERSION = 1

export interface RunFile {
  format: typeof RUN_FORMAT
  version: typeof RUN_VERSION
  /** Where the world answered: `http://127.0.0.1:4010`, or with `/worlds/NAME`. */
  base: string
  /** The fake's clock and real time when the file was made. */
  saved_at: { clock: string; wall: string }
  /** The scenario the world ran: its name, file and text (null when it was given as a value, not text), keys as their labels. */
  scenario: { name: string; file: string | null; text: string | null }
  /** A scenario (YAML) that replays the run: accounts, each task's statuses over time, faults where they fired. */
  replay: string
  journal: { recorded: number; dropped: number; capacity: number; entries: JournalEntryDetail[] }
  report: ClientReport
}

export type RunRead = { ok: true; run: RunFile } | { ok: false; message: string }

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Checks the parts a reader relies on, and says which one is wrong. */
export function readRun(value: unknown): RunRead {
  if (!isObject(value)) return { ok: false, message: 'expected a JSON object (an audio-task-mock run file)' }
  if (value['format'] !== RUN_FORMAT) return { ok: false, message: `format: expected "${RUN_FORMAT}", got ${JSON.stringify(value['format'] ?? null)}` }
  if (value['version'] !== RUN_VERSION) return { ok: false, message: `version: expected ${RUN_VERSION}, got ${JSON.stringify(value['version'] ?? null)}` }
  if (typeof value['replay'] !== 'string') return { ok: false, message: 'replay: expected the replaying scenario as text' }
  const journal = value['journal']
  if (!isObject(journal) || !Array.isArray(journal['entries'])) return { ok: false, message: 'journal.entries: expected a list of journal entries' }
  const entries = journal['entries'] as unknown[]
  for (const [index, entry] of entries.entries()) {
    if (!isObject(entry) || typeof entry['seq'] !== 'number' || typeof entry['method'] !== 'string' || typeof entry['path'] !== 'string') {
      return { ok: false, message: `journal.entries.${index}: expected a journal entry with seq, method and path` }
    }
  }
  if (!isObject(value['report']) || !Array.isArray(value['report']['violations'])) return { ok: false, message: 'report: expected a client report' }
  return { ok: true, run: value as unknown as RunFile }
}

/** A run file's text read back (JSON), or why it is not one. */
export function parseRun(text: string): RunRead {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    return { ok: false, message: `not JSON: ${(error as Error).message}` }
  }
  return readRun(value)
}
