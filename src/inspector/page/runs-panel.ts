/**
 * Runs: what QA takes away from a world and brings back. Downloads of the run as one file
 * (`GET /__admin/run`: scenario, journal, report, a replaying scenario), of the journal as HAR
 * (devtools, proxies) and as JSON; and a run file opened here, compared request by request with
 * another run file or with this world now (run-diff.ts).
 */
import { causeText } from '../../admin/cause-text.js'
import { diffRuns, type DiffRow, type RunDiff } from '../../admin/run-diff.js'
import { parseRun, type RunFile } from '../../admin/run-file.js'
import { get, getText, shownWorld } from './admin-client.js'
import { h, shortId } from './dom.js'

const ROWS = 200

/** Saves `text` as a file named `name`, as a download link would. */
function download(text: string, name: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = h('a', { href: url, download: name, hidden: true })
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

const stamp = () => new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')
const worldPart = () => (shownWorld === null ? '' : `-${shownWorld.replace(/[^\w.-]/g, '_')}`)

interface Side {
  name: string
  run: RunFile
}

function entryText(run: RunFile, index: number | null): string {
  if (index === null) return '—'
  const entry = run.journal.entries[index]!
  const path = entry.task_id === null ? entry.path : entry.path.replace(entry.task_id, shortId(entry.task_id))
  const cause = causeText(entry.cause)
  return `#${entry.seq} ${entry.method} ${path} ${entry.api_key} → ${entry.status ?? 'dropped'}${cause === '' ? '' : ` (${cause})`}`
}

export class RunsPanel {
  readonly element: HTMLElement
  readonly #status = h('p', { class: 'muted', role: 'status' })
  readonly #result = h('div', { class: 'diff' })
  readonly #onlyDifferences = h('input', { type: 'checkbox', checked: true, 'aria-label': 'differences only' })
  #a: Side | null = null
  #b: Side | null = null
  #diff: RunDiff | null = null
  #shown = ROWS

  constructor(private readonly report: (error: unknown, source?: string) => void) {
    const save = (path: string, name: string, type: string) => async () => {
      try {
        download(await getText(path), name, type)
        this.#status.textContent = `${name}: saved`
      } catch (error) {
        report(error, 'export')
      }
    }
    const open = (side: 'a' | 'b') =>
      h('input', {
        type: 'file',
        accept: '.json,application/json',
        'aria-label': side === 'a' ? 'run A' : 'run B',
        onchange: (event) => void this.#open(side, (event.target as HTMLInputElement).files?.[0]),
      })
    this.#onlyDifferences.addEventListener('change', () => this.#draw())
    this.element = h(
      'div',
      { class: 'runs' },
      h('h3', {}, 'This world'),
      h(
        'div',
        { class: 'filters' },
        h(
          'button',
          { 'data-export': 'run', onclick: () => void save('/__admin/run', `run${worldPart()}-${stamp()}.json`, 'application/json')() },
          'Download run',
        ),
        h(
          'button',
          { 'data-export': 'har', onclick: () => void save('/__admin/journal.har', `journal${worldPart()}-${stamp()}.har`, 'application/json')() },
          'Export HAR',
        ),
        h(
          'button',
          { 'data-export': 'journal', onclick: () => void save('/__admin/journal.json', `journal${worldPart()}-${stamp()}.json`, 'application/json')() },
          'Export journal (JSON)',
        ),
        h('span', { class: 'muted' }, 'A run file holds the scenario, the journal, the report and a scenario that replays it: audio-task-mock replay FILE.'),
      ),
      h('h3', {}, 'Compare two runs, request by request'),
      h(
        'div',
        { class: 'filters' },
        h('label', { class: 'field' }, h('span', {}, 'run A'), open('a')),
        h('label', { class: 'field' }, h('span', {}, 'run B (empty: this world now)'), open('b')),
        h('label', { class: 'field inline' }, this.#onlyDifferences, h('span', {}, 'differences only')),
        h('button', { 'data-action': 'compare', onclick: () => void this.compare(), title: 'compare again (this world has moved on)' }, 'Compare again'),
      ),
      this.#status,
      this.#result,
    )
  }

  async #open(side: 'a' | 'b', file: File | undefined): Promise<void> {
    if (file === undefined) return
    const read = parseRun(await file.text())
    if (!read.ok) {
      this.report(new Error(`${file.name}: not a run file: ${read.message}`), `run-${side}`)
      return
    }
    if (side === 'a') this.#a = { name: file.name, run: read.run }
    else this.#b = { name: file.name, run: read.run }
    await this.compare()
  }

  /** Diffs run A with run B, or with this world now when no B was opened. */
  async compare(): Promise<void> {
    if (this.#a === null) return
    let b = this.#b
    if (b === null) {
      try {
        b = { name: 'this world now', run: await get<RunFile>('/__admin/run') }
      } catch (error) {
        this.report(error, 'run-b')
        return
      }
    }
    const a = this.#a
    this.#diff = diffRuns(a.run.journal.entries, b.run.journal.entries)
    this.#shown = ROWS
    this.#draw(a, b)
  }

  #sides: [Side, Side] | null = null

  #draw(a?: Side, b?: Side): void {
    if (a !== undefined && b !== undefined) this.#sides = [a, b]
    if (this.#diff === null || this.#sides === null) return
    const [left, right] = this.#sides
    const diff = this.#diff
    const rows = diff.rows.filter((row) => !this.#onlyDifferences.checked || row.kind !== 'same')
    const { counts } = diff
    const summary = (side: Side) =>
      `${side.name}: scenario "${side.run.scenario.name}", ${side.run.journal.entries.length} requests, ${side.run.report.violations.length} violations, saved at ${side.run.saved_at.clock} (fake clock)`
    this.#result.replaceChildren(
      h('p', {}, `A — ${summary(left)}`),
      h('p', {}, `B — ${summary(right)}`),
      h(
        'p',
        { class: counts.changed + counts.only_a + counts.only_b === 0 ? 'ok-text' : 'error-text', 'data-diff-counts': JSON.stringify(counts) },
        `${counts.same} same, ${counts.changed} changed, ${counts.only_a} only in A, ${counts.only_b} only in B`,
        diff.aligned === 'position' ? ' (lined up by position: the runs differ in too many requests to line them up by content)' : '',
      ),
      h(
        'table',
        { class: 'journal diff-table' },
        h('thead', {}, h('tr', {}, ...['', 'A', 'B', 'what differs'].map((name) => h('th', {}, name)))),
        h('tbody', {}, ...rows.slice(0, this.#shown).map((row) => this.#row(row, left.run, right.run))),
      ),
      ...(rows.length > this.#shown
        ? [
            h(
              'button',
              {
                onclick: () => {
                  this.#shown += ROWS
                  this.#draw()
                },
              },
              `show ${Math.min(ROWS, rows.length - this.#shown)} more of ${rows.length - this.#shown}`,
            ),
          ]
        : []),
    )
  }

  #row(row: DiffRow, a: RunFile, b: RunFile): HTMLElement {
    const mark = { same: '=', changed: '≠', only_a: '−', only_b: '+' }[row.kind]
    return h(
      'tr',
      { class: `diff-${row.kind}`, 'data-diff': row.kind },
      h('td', { class: 'mark' }, mark),
      h('td', {}, entryText(a, row.a)),
      h('td', {}, entryText(b, row.b)),
      h(
        'td',
        {},
        ...row.changes.map((change) =>
          h(
            'div',
            { class: 'change', 'data-field': change.field },
            h('strong', {}, change.field),
            `: ${change.a.length > 120 ? `${change.a.slice(0, 120)}…` : change.a} → ${change.b.length > 120 ? `${change.b.slice(0, 120)}…` : change.b}`,
          ),
        ),
      ),
    )
  }
}
