/**
 * `audio-task-mock diff A.json B.json [--all] [--json]`: two run files (GET /__admin/run, the
 * inspector's "Download run") compared request by request, as the inspector's Runs tab does
 * (src/admin/run-diff.ts). Exit 0 when every request and answer is the same, 1 when they differ,
 * 2 for a file that is not a run or a wrong flag.
 */
import { readFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { causeText } from '../admin/cause-text.js'
import { diffRuns, type DiffRow } from '../admin/run-diff.js'
import { parseRun, type RunFile } from '../admin/run-file.js'

export const DIFF_USAGE = `Usage: audio-task-mock diff [--all] [--json] A.json B.json

Compares two run files (GET /__admin/run, the inspector's "Download run") request by request:
requests are lined up by what was asked (method, endpoint, key, path; task ids numbered in order
of appearance), then each pair is compared on what was answered (status, task status, cause,
Retry-After, delay, bodies). Prints one line per request that differs, or only in one run.
Exit 0 when the runs are the same, 1 when they differ, 2 for a wrong file or flag.

Options:
  --all        print the requests that are the same too
  --json       print {"counts", "aligned", "rows": [{"kind", "a", "b", "changes"}]} (a, b: seq)
  -h, --help   show this help
`

async function readRunFile(file: string): Promise<RunFile | string> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    return `${file}: cannot read it: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`
  }
  const read = parseRun(text)
  return read.ok ? read.run : `${file}: not an audio-task-mock run file: ${read.message}`
}

function requestText(run: RunFile, index: number | null): string {
  if (index === null) return '(none)'
  const entry = run.journal.entries[index]!
  const cause = causeText(entry.cause)
  return `#${entry.seq} ${entry.method} ${entry.path} ${entry.api_key} → ${entry.status ?? 'dropped'}${cause === '' ? '' : ` (${cause})`}`
}

const MARKS: Record<DiffRow['kind'], string> = { same: '=', changed: '≠', only_a: '-', only_b: '+' }

export async function diffCommand(argv: readonly string[]): Promise<number> {
  let values
  let positionals: string[]
  try {
    ;({ values, positionals } = parseArgs({
      args: [...argv],
      options: { all: { type: 'boolean' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    }))
  } catch (error) {
    process.stderr.write(`audio-task-mock diff: ${(error as Error).message}\n\n${DIFF_USAGE}`)
    return 2
  }
  if (values.help === true) {
    process.stdout.write(DIFF_USAGE)
    return 0
  }
  if (positionals.length !== 2) {
    process.stderr.write(`audio-task-mock diff: expected two run files, got ${positionals.length}\n\n${DIFF_USAGE}`)
    return 2
  }
  const [a, b] = await Promise.all(positionals.map(readRunFile))
  for (const run of [a, b]) {
    if (typeof run === 'string') {
      process.stderr.write(`audio-task-mock diff: ${run}\n`)
      return 2
    }
  }
  const [left, right] = [a as RunFile, b as RunFile]
  const diff = diffRuns(left.journal.entries, right.journal.entries)
  const differ = diff.counts.changed + diff.counts.only_a + diff.counts.only_b > 0
  if (values.json === true) {
    const seq = (run: RunFile, index: number | null) => (index === null ? null : run.journal.entries[index]!.seq)
    const rows = diff.rows.filter((row) => values.all === true || row.kind !== 'same').map((row) => ({ ...row, a: seq(left, row.a), b: seq(right, row.b) }))
    process.stdout.write(`${JSON.stringify({ counts: diff.counts, aligned: diff.aligned, rows }, null, 2)}\n`)
    return differ ? 1 : 0
  }
  const { counts } = diff
  const lines = [
    `A ${positionals[0]}: scenario "${left.scenario.name}", ${left.journal.entries.length} request(s)`,
    `B ${positionals[1]}: scenario "${right.scenario.name}", ${right.journal.entries.length} request(s)`,
    `${counts.same} same, ${counts.changed} changed, ${counts.only_a} only in A, ${counts.only_b} only in B${diff.aligned === 'position' ? ' (lined up by position: too many differences to line up by content)' : ''}`,
  ]
  for (const row of diff.rows) {
    if (row.kind === 'same' && values.all !== true) continue
    lines.push(`${MARKS[row.kind]} A ${requestText(left, row.a)}`, `  B ${requestText(right, row.b)}`)
    for (const change of row.changes) lines.push(`    ${change.field}: ${change.a} → ${change.b}`)
  }
  process.stdout.write(`${lines.join('\n')}\n`)
  return differ ? 1 : 0
}
