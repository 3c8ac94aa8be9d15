/**
 * The client report: what the clients did that the spec forbids, grouped by rule. Each rule's
 * count is a button that shows that rule's violations (at most SHOWN of them, each with the
 * requests that caused it, fetched from the journal by their sequence numbers): at 2,000 tasks
 * the page stays small instead of drawing every violation at once.
 */
import type { JournalPage } from '../../admin/operations.js'
import type { ClientReport } from '../../domain/report.js'
import { get } from './admin-client.js'
import { h, shortId, show } from './dom.js'
import { journalTable } from './journal-table.js'

const SHOWN = 50

export class ReportPanel {
  readonly element = h('div', { class: 'report' })
  readonly #opened = new Set<number>()
  /** The rule whose violations are shown; null: the first rule with any. */
  #rule: string | null = null

  constructor(
    private readonly openTask: (taskId: string) => void,
    private readonly changed: () => void = () => undefined,
  ) {}

  async refresh(): Promise<void> {
    const report = await get<ClientReport>('/__admin/report')
    const rule = this.#rule ?? report.violations[0]?.rule ?? null
    const chosen = report.violations.filter((violation) => violation.rule === rule)
    const shown = chosen.slice(0, SHOWN)
    const seqs = [...new Set(shown.flatMap((violation) => violation.requests))].slice(0, 1000)
    const entries = seqs.length === 0 ? [] : (await get<JournalPage>(`/__admin/journal?seq=${seqs.join(',')}&limit=1000`)).entries
    const bySeq = new Map(entries.map((entry) => [entry.seq, entry]))
    const render = () => [
      h(
        'p',
        { class: report.ok ? 'ok-text' : 'error-text' },
        report.ok
          ? `No violation in ${report.requests} requests.`
          : `${report.violations.length} violation${report.violations.length === 1 ? '' : 's'} in ${report.requests} requests.`,
        report.journal.complete ? '' : ` The journal dropped ${report.journal.dropped} old entries: the report covers the rest.`,
      ),
      h(
        'ul',
        { class: 'counts' },
        ...Object.entries(report.counts).map(([name, count]) =>
          h(
            'li',
            { class: `${count > 0 ? 'bad' : 'muted'}${name === rule ? ' chosen' : ''}` },
            h('button', { 'data-rule-count': name, disabled: count === 0, onclick: () => this.#choose(name) }, `${name}: ${count}`),
          ),
        ),
      ),
      rule === null
        ? null
        : h(
            'h3',
            { 'data-shown-rule': rule },
            `${rule}: ${chosen.length} violation${chosen.length === 1 ? '' : 's'}`,
            chosen.length > SHOWN ? ` (the first ${SHOWN} shown)` : '',
          ),
      ...shown.map((violation) =>
        h(
          'section',
          { class: 'violation', 'data-rule': violation.rule },
          h(
            'h4',
            {},
            h('span', { class: 'badge s-failure' }, violation.rule),
            ` ${violation.api_key}`,
            violation.task_id === null
              ? ''
              : h('a', { href: '#', onclick: (event) => (event.preventDefault(), this.openTask(violation.task_id!)) }, ` task ${shortId(violation.task_id)}`),
          ),
          h('p', {}, violation.message),
          journalTable(
            violation.requests.map((seq) => bySeq.get(seq)).filter((entry) => entry !== undefined),
            this.#opened,
            { openTask: this.openTask },
            () => {
              delete this.element.dataset['key']
              show(this.element, 'toggled', render)
            },
          ),
        ),
      ),
    ]
    show(this.element, JSON.stringify([report, rule, entries.length, [...this.#opened]]), render)
  }

  #choose(rule: string): void {
    this.#rule = rule
    delete this.element.dataset['key']
    this.changed()
  }
}
