/**
 * The client report: what the clients did that the spec forbids, each violation with the
 * requests that caused it (fetched from the journal by their sequence numbers).
 */
import type { JournalPage } from '../../admin/operations.js'
import type { ClientReport } from '../../domain/report.js'
import { get } from './admin-client.js'
import { h, shortId, show } from './dom.js'
import { journalTable } from './journal-table.js'

export class ReportPanel {
  readonly element = h('div', { class: 'report' })
  readonly #opened = new Set<number>()

  constructor(private readonly openTask: (taskId: string) => void) {}

  async refresh(): Promise<void> {
    const report = await get<ClientReport>('/__admin/report')
    const seqs = [...new Set(report.violations.flatMap((violation) => violation.requests))].slice(0, 1000)
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
        ...Object.entries(report.counts).map(([rule, count]) => h('li', { class: count > 0 ? 'bad' : 'muted' }, `${rule}: ${count}`)),
      ),
      ...report.violations.map((violation) =>
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
            this.openTask,
            () => {
              delete this.element.dataset['key']
              show(this.element, 'toggled', render)
            },
          ),
        ),
      ),
    ]
    show(this.element, JSON.stringify([report, entries.length, [...this.#opened]]), render)
  }
}
