/**
 * Two runs compared request by request (the inspector's Runs tab, `audio-task-mock diff`). The
 * requests are lined up by what was asked (method, endpoint, key, path; task ids and keys numbered
 * in order of appearance, since two runs give their tasks other ids and a replay its keys other
 * names, `recorded-key-N`) as a shortest edit script
 * (Myers' algorithm), so one extra request shows as one row, not as every later row changed; then
 * each pair is compared on what was answered: status, task status, cause, Retry-After, delay and
 * the bodies (task ids numbered the same way).
 */
import { causeText } from './cause-text.js'
import type { JournalEntryDetail } from './journal-view.js'

/** What a diff reads of a journal entry (a run file's, or a live world's). */
export type DiffEntry = Pick<
  JournalEntryDetail,
  'seq' | 'method' | 'path' | 'endpoint' | 'api_key' | 'task_id' | 'status' | 'task_status' | 'cause' | 'retry_after_ms' | 'delay_ms'
> & { exchange?: JournalEntryDetail['exchange'] }

export interface FieldChange {
  field: string
  a: string
  b: string
}

export interface DiffRow {
  kind: 'same' | 'changed' | 'only_a' | 'only_b'
  /** Indexes into each run's entries (oldest first); null on the side that has no such request. */
  a: number | null
  b: number | null
  changes: FieldChange[]
}

export interface RunDiff {
  rows: DiffRow[]
  counts: Record<DiffRow['kind'], number>
  /** `sequence`: lined up by an edit script; `position`: by index, when the runs differ in more than MAX_EDITS requests. */
  aligned: 'sequence' | 'position'
}

/** Past this many inserted or removed requests, the runs are lined up by position (the edit script's memory grows with its square). */
export const MAX_EDITS = 1_000

interface Namer {
  (text: string): string
  /** A key's label as `{key N}`, N by order of first appearance. */
  key(label: string): string
}

/** Each run's task ids as `{task N}` and keys as `{key N}`, N by order of first appearance in that run. */
function taskNames(entries: readonly DiffEntry[]): Namer {
  const names = new Map<string, string>()
  const keys = new Map<string, string>()
  for (const entry of entries) {
    if (entry.task_id !== null && !names.has(entry.task_id)) names.set(entry.task_id, `{task ${names.size + 1}}`)
    if (!keys.has(entry.api_key)) keys.set(entry.api_key, entry.api_key === '(no key)' ? entry.api_key : `{key ${keys.size + 1}}`)
  }
  for (const [label, name] of keys) if (label.length >= 3 && label !== '(no key)') names.set(label, name)
  const named = (text: string) => {
    let out = text
    for (const [id, name] of names) if (out.includes(id)) out = out.split(id).join(name)
    return out
  }
  return Object.assign(named, { key: (label: string) => keys.get(label) ?? label })
}

const signature = (entry: DiffEntry, named: Namer): string => `${entry.method} ${entry.endpoint} ${named.key(entry.api_key)} ${named(entry.path)}`

function answerFields(entry: DiffEntry, named: Namer): Record<string, string> {
  const shown = (value: unknown) => (value === null || value === undefined ? '—' : String(value))
  return {
    status: entry.status === null ? 'dropped' : String(entry.status),
    'task status': shown(entry.task_status),
    // A fault's line is where the scenario text has it, not what the fake did.
    cause: causeText(entry.cause?.kind === 'fault' ? { ...entry.cause, line: null } : entry.cause) || 'the normal answer',
    'retry-after ms': shown(entry.retry_after_ms),
    'delay ms': String(entry.delay_ms),
    'request body': named(entry.exchange?.request.body ?? '—'),
    'response body': named(entry.exchange?.response?.body ?? '—'),
  }
}

/** Pairs of indexes (null: a request only one side has), by a shortest edit script of `a` into `b`; null past `maxEdits`. */
export function align(a: readonly string[], b: readonly string[], maxEdits = MAX_EDITS): Array<[number | null, number | null]> | null {
  let start = 0
  while (start < a.length && start < b.length && a[start] === b[start]) start++
  let endA = a.length
  let endB = b.length
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--
    endB--
  }
  const n = endA - start
  const m = endB - start
  const offset = n + m + 1
  const v = new Int32Array(2 * offset + 1)
  const trace: Int32Array[] = []
  let found = -1
  for (let d = 0; d <= Math.min(n + m, maxEdits) && found < 0; d++) {
    trace.push(v.slice(offset - d, offset + d + 1))
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1
      let y = x - k
      while (x < n && y < m && a[start + x] === b[start + y]) {
        x++
        y++
      }
      v[offset + k] = x
      if (x >= n && y >= m) {
        found = d
        break
      }
    }
  }
  if (found < 0) return null
  // Walk the trace back from the end: each step is a diagonal run then one insertion or deletion.
  const middle: Array<[number | null, number | null]> = []
  let x = n
  let y = m
  for (let d = found; d > 0; d--) {
    const before = trace[d]! // V as it stood before step d, over k = -d..d
    const at = (k: number) => before[k + d]!
    const k = x - y
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1))
    const prevK = down ? k + 1 : k - 1
    const prevX = at(prevK)
    const prevY = prevX - prevK
    while (x > prevX + (down ? 0 : 1) && y > prevY + (down ? 1 : 0)) middle.push([start + --x, start + --y])
    if (down) middle.push([null, start + --y])
    else middle.push([start + --x, null])
  }
  while (x > 0 && y > 0) middle.push([start + --x, start + --y])
  const pairs: Array<[number | null, number | null]> = []
  for (let i = 0; i < start; i++) pairs.push([i, i])
  pairs.push(...middle.reverse())
  for (let i = 0; i < a.length - endA; i++) pairs.push([endA + i, endB + i])
  return pairs
}

export function diffRuns(a: readonly DiffEntry[], b: readonly DiffEntry[], maxEdits = MAX_EDITS): RunDiff {
  const namedA = taskNames(a)
  const namedB = taskNames(b)
  const aligned = align(
    a.map((entry) => signature(entry, namedA)),
    b.map((entry) => signature(entry, namedB)),
    maxEdits,
  )
  const pairs: Array<[number | null, number | null]> =
    aligned ?? Array.from({ length: Math.max(a.length, b.length) }, (_, i) => [i < a.length ? i : null, i < b.length ? i : null])
  const counts = { same: 0, changed: 0, only_a: 0, only_b: 0 }
  const rows = pairs.map(([i, j]): DiffRow => {
    if (i === null || j === null) {
      const kind = i === null ? 'only_b' : 'only_a'
      counts[kind] += 1
      return { kind, a: i, b: j, changes: [] }
    }
    const left = { request: signature(a[i]!, namedA), ...answerFields(a[i]!, namedA) }
    const right = { request: signature(b[j]!, namedB), ...answerFields(b[j]!, namedB) }
    const changes = Object.keys(left)
      .filter((field) => left[field as keyof typeof left] !== right[field as keyof typeof right])
      .map((field) => ({ field, a: left[field as keyof typeof left], b: right[field as keyof typeof right] }))
    const kind = changes.length === 0 ? 'same' : 'changed'
    counts[kind] += 1
    return { kind, a: i, b: j, changes }
  })
  return { rows, counts, aligned: aligned === null ? 'position' : 'sequence' }
}
