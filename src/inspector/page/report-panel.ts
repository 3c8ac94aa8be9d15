/**
 * The client report, grouped by rule and then by key, every list capped with its count and a
 * link to the rest: a rule's keys (the first GROUPS), a key's violations (the first FEW, or a page
 * of PAGE when the address names the key: `#report/poll_too_fast?key=ke…01`), a violation's
 * requests (the first FEW rows, then the journal filtered to them). At 2,000 tasks the page draws
 * a screenful, not every request behind every violation.
 */
import type { JournalPage } from '../../admin/operations.js'
import type { ClientReport, ReportGroup, Violation } from '../../domain/report.js'
import { get } from './admin-client.js'
import { h, shortId, show } from './dom.js'
import { journalTable, type JournalLinks } from './journal-table.js'

/** Keys shown per rule, violations per key and requests per violation, before "and N more". */
const GROUPS = 20
const FEW = 3
const PAGE = 25

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`
const requestsLink = (params: Record<string, string>) => `#requests?${new URLSearchParams(params)}`

export interface ReportHooks extends JournalLinks {
  /** The rule, key or page shown changed: the page's address follows. */
  changed(): void
}

export class ReportPanel {
  readonly element = h('div', { class: 'report' })
  readonly #opened = new Set<number>()
  /** The rule shown (null: the first with violations), the key it is narrowed to, the page of its violations. */
  #rule: string | null = null
  #key: string | null = null
  #offset = 0

  constructor(private readonly hooks: ReportHooks) {}

  /** What the address says. */
  show(rule: string | null, params: Record<string, string>): void {
    if (rule !== this.#rule || (params['key'] ?? null) !== this.#key) this.#offset = 0
    this.#rule = rule
    this.#key = params['key'] ?? null
  }

  view(): { id: string | null; params: Record<string, string> } {
    return { id: this.#rule, params: this.#key === null ? {} : { key: this.#key } }
  }

  async refresh(): Promise<void> {
    const report = await get<ClientReport>('/__admin/report')
    const rule = this.#rule ?? report.violations[0]?.rule ?? null
    // A fake before issue 39 has no groups: one per key, from its violations.
    const groups = (report.groups ?? groupsOf(report.violations)).filter((group) => group.rule === rule && (this.#key === null || group.api_key === this.#key))
    const byGroup = new Map<string, Violation[]>()
    for (const violation of report.violations) {
      if (violation.rule !== rule) continue
      const list = byGroup.get(violation.api_key) ?? []
      list.push(violation)
      byGroup.set(violation.api_key, list)
    }
    const shownGroups = groups.slice(0, GROUPS)
    const shownOf = (group: ReportGroup) => (byGroup.get(group.api_key) ?? []).slice(...(this.#key === null ? [0, FEW] : [this.#offset, this.#offset + PAGE]))
    const seqs = shownGroups.flatMap((group) => shownOf(group).flatMap((violation) => violation.requests.slice(0, FEW)))
    const entries = seqs.length === 0 ? [] : (await get<JournalPage>(`/__admin/journal?seq=${seqs.join(',')}&limit=1000`)).entries
    const bySeq = new Map(entries.map((entry) => [entry.seq, entry]))
    const chosen = report.violations.filter((violation) => violation.rule === rule).length
    const broke = groups.reduce((sum, group) => sum + group.requests, 0)
    const render = () => [
      h(
        'p',
        { class: report.ok ? 'ok-text' : 'error-text' },
        report.ok
          ? `No violation in ${report.requests} requests.`
          : `${plural(report.violations.length, 'violation')} in ${report.requests} requests; ${report.requests_in_violation ?? '?'} of them broke a rule (a request that broke two counts once).`,
        report.journal.complete ? '' : ` The journal dropped ${report.journal.dropped} old entries: the report covers the rest.`,
      ),
      h(
        'ul',
        { class: 'counts' },
        ...Object.entries(report.counts).map(([name, count]) =>
          h(
            'li',
            { class: `${count > 0 ? 'bad' : 'muted'}${name === rule ? ' chosen' : ''}` },
            h('button', { 'data-rule-count': name, disabled: count === 0, onclick: () => this.#choose(name, null) }, `${name}: ${count}`),
          ),
        ),
      ),
      rule === null
        ? null
        : h(
            'h3',
            { 'data-shown-rule': rule },
            this.#key === null
              ? `${rule}: ${plural(chosen, 'violation')} by ${plural(broke, 'request')}, from ${plural(groups.length, 'key')}`
              : `${rule} of ${this.#key} `,
            this.#key === null ? null : h('a', { href: '#', onclick: (event) => (event.preventDefault(), this.#choose(rule, null)) }, `(every key)`),
          ),
      ...shownGroups.map((group) => this.#group(group, byGroup.get(group.api_key) ?? [], shownOf(group), bySeq)),
      groups.length > shownGroups.length
        ? h(
            'p',
            { class: 'more', 'data-more-keys': groups.length - shownGroups.length },
            `… and ${plural(groups.length - shownGroups.length, 'more key')}: `,
            ...groups.slice(GROUPS).flatMap((group) => [this.#keyLink(group, `${group.api_key} (${group.violations})`), ' ']),
          )
        : null,
    ]
    show(this.element, JSON.stringify([report, rule, this.#key, this.#offset, entries.length, [...this.#opened]]), render)
  }

  #group(group: ReportGroup, all: Violation[], shown: Violation[], bySeq: Map<number, JournalPage['entries'][number]>): HTMLElement {
    const focused = this.#key !== null
    const rest = all.length - (focused ? 0 : shown.length)
    return h(
      'section',
      { class: 'group', 'data-group': `${group.rule} ${group.api_key}` },
      h(
        'h4',
        {},
        h('span', { class: 'badge s-failure' }, group.rule),
        ` ${group.api_key}: ${plural(group.violations, 'violation')} by ${plural(group.requests, 'request')} · `,
        h('a', { href: requestsLink({ rule: group.rule, key: group.api_key }), 'data-group-requests': '' }, 'their requests'),
      ),
      ...shown.map((violation) => this.#violation(violation, bySeq)),
      focused
        ? this.#pager(all.length)
        : rest > 0
          ? h(
              'p',
              { class: 'more', 'data-more-violations': rest },
              this.#keyLink(group, `… and ${rest} more ${group.rule} violation${rest === 1 ? '' : 's'} of ${group.api_key}`),
            )
          : null,
    )
  }

  #violation(violation: Violation, bySeq: Map<number, JournalPage['entries'][number]>): HTMLElement {
    const rows = violation.requests
      .slice(0, FEW)
      .map((seq) => bySeq.get(seq))
      .filter((entry) => entry !== undefined)
    const more = violation.requests.length - rows.length
    const task = violation.task_id
    return h(
      'div',
      { class: 'violation', 'data-rule': violation.rule },
      h(
        'p',
        {},
        task === null ? null : h('a', { href: `#tasks/${encodeURIComponent(task)}`, 'data-task': task }, `task ${shortId(task)}`),
        task === null ? '' : ': ',
        violation.message,
      ),
      journalTable(rows, this.#opened, this.hooks, () => {
        delete this.element.dataset['key']
        void this.refresh()
      }),
      more > 0
        ? h(
            'p',
            { class: 'more', 'data-more-requests': more },
            h(
              'a',
              { href: requestsLink({ rule: violation.rule, key: violation.api_key, ...(task === null ? {} : { task }) }) },
              `… and ${plural(more, 'more request')} behind it`,
            ),
          )
        : null,
    )
  }

  #pager(total: number): HTMLElement {
    const last = Math.min(total, this.#offset + PAGE)
    const move = (by: number) => () => {
      this.#offset = Math.max(0, this.#offset + by)
      delete this.element.dataset['key']
      this.hooks.changed()
    }
    return h(
      'div',
      { class: 'pager' },
      h('button', { disabled: this.#offset === 0, onclick: move(-PAGE), 'aria-label': 'previous violations' }, '‹'),
      h('span', { class: 'count' }, `${this.#offset + 1}–${last} of ${total}`),
      h('button', { disabled: last >= total, onclick: move(PAGE), 'aria-label': 'next violations' }, '›'),
    )
  }

  #keyLink(group: Pick<ReportGroup, 'rule' | 'api_key'>, text: string): HTMLElement {
    return h(
      'a',
      {
        href: `#report/${group.rule}?${new URLSearchParams({ key: group.api_key })}`,
        onclick: (event) => (event.preventDefault(), this.#choose(group.rule, group.api_key)),
      },
      text,
    )
  }

  #choose(rule: string, key: string | null): void {
    this.#rule = rule
    this.#key = key
    this.#offset = 0
    delete this.element.dataset['key']
    this.hooks.changed()
  }
}

function groupsOf(violations: readonly Violation[]): ReportGroup[] {
  const groups = new Map<string, ReportGroup>()
  for (const violation of violations) {
    const id = `${violation.rule}\n${violation.api_key}`
    const group = groups.get(id) ?? { rule: violation.rule, api_key: violation.api_key, violations: 0, requests: 0 }
    group.violations += 1
    group.requests += violation.count
    groups.set(id, group)
  }
  return [...groups.values()]
}
