/**
 * The scenario's faults and rules with their counters (`GET /__admin/faults`, `/__admin/rules`):
 * for each entry what its counter counts ("creates, all keys counted"), how many requests (tasks)
 * matched it so far, how many it answered, and the match it fires on next, or why never again.
 * QA sees here why a fault did not fire yet, or fired on someone else's request. A row has an
 * address (`#faults/fault-0`, `#faults/rule-2`) that opens the view at it, and its line opens the
 * scenario's source there.
 */
import type { FaultCounterView, RuleCounterView } from '../../admin/counter-views.js'
import { get } from './admin-client.js'
import { h, show } from './dom.js'

const COLUMNS = ['entry', 'action', 'conditions', 'counts', 'matched', 'fired', 'next'] as const

export interface CountersHooks {
  /** Opens the scenario's source at a line. */
  openLine(line: number): void
}

/** `fault-0`, `rule-2`: a row's id, in its address and its `data-entry`. */
export const entryId = (part: 'faults' | 'rules', index: number): string => `${part === 'faults' ? 'fault' : 'rule'}-${index}`

/** A rule's test of an input field as written: `{ contains: "x" }` → `contains "x"`. */
export function fieldTest(test: unknown): string {
  if (typeof test !== 'object' || test === null) return JSON.stringify(test) ?? 'none'
  return Object.entries(test)
    .map(([how, wanted]) => `${how} ${JSON.stringify(wanted)}`)
    .join(', ')
}

/** The conditions as written, `endpoint create · nth 3`; `input.prompt contains "x"` for a rule's input. */
export function conditions(match: Record<string, unknown>): string {
  const parts: string[] = []
  for (const [name, value] of Object.entries(match)) {
    if (value === null || value === undefined) continue
    if (name === 'input' && typeof value === 'object') {
      for (const [field, test] of Object.entries(value as Record<string, unknown>)) parts.push(`input.${field} ${fieldTest(test)}`)
    } else parts.push(`${name} ${typeof value === 'string' ? value : JSON.stringify(value)}`)
  }
  return parts.length === 0 ? 'every request' : parts.join(' · ')
}

/**
 * A link to a line of the running scenario: its address is the scenario view's (`#scenario/12`),
 * so it can be copied or opened in a new tab; a plain click opens it through `open`.
 */
export function lineLink(line: number, open: (line: number) => void, attributes: Record<string, string | number>, text: string): HTMLAnchorElement {
  return h('a', { href: `#scenario/${line}`, ...attributes, onclick: (event) => (event.preventDefault(), open(line)) }, text)
}

interface Row {
  id: string
  name: string
  line: number | null
  action: string
  match: Record<string, unknown>
  counts: string
  matched: number
  fired: number
  note: string
  never: boolean
}

const faultRow = (fault: FaultCounterView): Row => ({
  id: entryId('faults', fault.index),
  name: `faults[${fault.index}]`,
  line: fault.line,
  action: fault.action,
  match: fault.match,
  counts: fault.counts,
  matched: fault.matched,
  fired: fault.fired,
  note: fault.note,
  never: fault.next === null,
})

const ruleRow = (rule: RuleCounterView): Row => ({
  id: entryId('rules', rule.index),
  name: `rules[${rule.index}]`,
  line: rule.line,
  action: rule.timeline === null ? `one of ${(rule.one_of ?? []).join(', ')}` : `timeline ${rule.timeline}`,
  match: rule.match,
  counts: rule.counts,
  matched: rule.matched,
  fired: rule.taken,
  note: rule.note,
  never: rule.next === null,
})

export class CountersPanel {
  readonly element = h('div', { class: 'counters' })
  /** The row the address names (`fault-0`), marked and scrolled to. */
  #linked: string | null = null
  #scrolled = false

  constructor(private readonly hooks: CountersHooks) {}

  show(id: string | null): void {
    if (id !== this.#linked) this.#scrolled = false
    this.#linked = id
  }

  view(): { id: string | null; params: Record<string, string> } {
    return { id: this.#linked, params: {} }
  }

  async refresh(): Promise<void> {
    const [{ faults }, { rules }] = await Promise.all([
      get<{ faults: FaultCounterView[] }>('/__admin/faults'),
      get<{ rules: RuleCounterView[] }>('/__admin/rules'),
    ])
    const parts = [
      { title: 'Faults', rows: faults.map(faultRow), none: 'This scenario has no faults.' },
      { title: 'Rules', rows: rules.map(ruleRow), none: 'This scenario has no rules: every task follows the default timeline.' },
    ]
    show(this.element, JSON.stringify([faults, rules, this.#linked]), () => [
      h(
        'p',
        { class: 'muted' },
        'Counters are shared by all keys of the world unless an entry names api_key. "matched": requests (tasks) that met the conditions, what nth counts; "fired": those it answered (rules: tasks it took), what times counts.',
      ),
      ...parts.flatMap((part) => [h('h3', {}, part.title), part.rows.length === 0 ? h('p', { class: 'muted' }, part.none) : this.#table(part.rows)]),
    ])
    if (!this.#scrolled && this.#linked !== null) {
      // The row a link named, in view and in focus: the keyboard goes on from there.
      const row = this.element.querySelector<HTMLElement>(`tr[data-entry="${CSS.escape(this.#linked)}"]`)
      row?.scrollIntoView({ block: 'center' })
      row?.querySelector<HTMLElement>(`a[href="#faults/${CSS.escape(this.#linked)}"]`)?.focus({ preventScroll: true })
      this.#scrolled = true
    }
  }

  #table(rows: Row[]): HTMLElement {
    return h(
      'table',
      { class: 'counter-table' },
      h('thead', {}, h('tr', {}, ...COLUMNS.map((name) => h('th', {}, name)))),
      h(
        'tbody',
        {},
        ...rows.map((row) =>
          h(
            'tr',
            { class: `counter${row.id === this.#linked ? ' linked' : ''}${row.fired > 0 ? ' fired' : ''}`, 'data-entry': row.id, id: `counter-${row.id}` },
            h(
              'td',
              { 'data-col': 'entry' },
              h('a', { href: `#faults/${row.id}`, title: 'link to this entry' }, row.name),
              row.line === null ? null : h('span', {}, ' · ', lineLink(row.line, this.hooks.openLine, { 'data-line': row.line }, `line ${row.line}`)),
            ),
            h('td', { 'data-col': 'action' }, row.action),
            h('td', { 'data-col': 'conditions' }, h('code', {}, conditions(row.match))),
            h('td', { 'data-col': 'counts' }, row.counts),
            h('td', { 'data-col': 'matched', class: 'num' }, String(row.matched)),
            h('td', { 'data-col': 'fired', class: 'num' }, String(row.fired)),
            h('td', { 'data-col': 'next', class: row.never ? 'muted' : '' }, row.note),
          ),
        ),
      ),
    )
  }
}
