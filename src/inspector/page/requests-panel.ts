/**
 * The request journal, newest first, a page at a time; with "follow" on, the first page keeps
 * showing the newest requests as clients send them. Filters: endpoint, status or status class
 * (`5xx`), task, key (whole or its label), text (in paths, causes, headers and bodies) and a
 * report rule (the requests behind its violations). A filter the API refuses says so here and
 * shows no rows, until the filter is fixed. The filters and an opened request are the page's
 * address (`#requests/12`, `#requests?status=5xx`), so a link shows the same rows.
 */
import type { JournalPage } from '../../admin/operations.js'
import { ENDPOINTS } from '../../domain/endpoint.js'
import { get } from './admin-client.js'
import { field, h, show } from './dom.js'
import { journalTable, type JournalLinks } from './journal-table.js'

const PAGE = 100

/** Filters by their name in the address, and the admin API's query parameter for each. */
const FILTERS = { endpoint: 'endpoint', status: 'status', task: 'task_id', key: 'api_key', q: 'q', rule: 'rule' } as const
type Filter = keyof typeof FILTERS

export interface RequestsHooks extends Omit<JournalLinks, 'openFaultLine'> {
  /** A filter changed or a request was opened: the page's address follows. */
  changed(): void
  openFaultLine?(line: number): void
}

export class RequestsPanel {
  readonly element: HTMLElement
  readonly #table = h('div', { class: 'table-box' })
  readonly #pager = h('div', { class: 'pager' })
  readonly #filters: Record<Filter, HTMLInputElement | HTMLSelectElement>
  readonly #problem = h('div', { class: 'panel-error', role: 'alert' })
  readonly #single = h('div', { class: 'single-request' })
  readonly #follow = h('input', { type: 'checkbox', checked: true, 'aria-label': 'follow new requests' })
  readonly #opened = new Set<number>()
  #offset = 0
  /** One request shown alone (`#requests/12`), opened; null: the filtered journal. */
  #seq: number | null = null

  constructor(private readonly hooks: RequestsHooks) {
    const refilter = () => {
      this.#offset = 0
      this.#seq = null
      hooks.changed()
    }
    this.#filters = {
      endpoint: h(
        'select',
        { onchange: refilter, 'aria-label': 'endpoint' },
        ...['', ...ENDPOINTS].map((value) => h('option', { value }, value === '' ? 'all' : value)),
      ),
      status: h('input', { type: 'text', size: 6, placeholder: '5xx, 402', onchange: refilter, 'aria-label': 'http status', list: 'status-classes' }),
      task: h('input', { type: 'text', size: 14, placeholder: 'task id', onchange: refilter, 'aria-label': 'task id' }),
      key: h('input', { type: 'text', size: 10, placeholder: 'key or qa-k…y', onchange: refilter, 'aria-label': 'api key' }),
      q: h('input', { type: 'search', size: 14, placeholder: 'text in bodies', onchange: refilter, 'aria-label': 'search text' }),
      rule: h('input', { type: 'text', size: 14, placeholder: 'report rule', onchange: refilter, 'aria-label': 'report rule' }),
    }
    this.element = h(
      'div',
      { class: 'requests' },
      h(
        'div',
        { class: 'filters' },
        field('endpoint', this.#filters.endpoint),
        field('status', this.#filters.status),
        field('task', this.#filters.task),
        field('key', this.#filters.key),
        field('text', this.#filters.q),
        field('rule', this.#filters.rule),
        h('datalist', { id: 'status-classes' }, ...['2xx', '4xx', '5xx', 'dropped'].map((value) => h('option', { value }))),
        h('label', { class: 'field inline' }, this.#follow, h('span', {}, 'follow new')),
        this.#pager,
      ),
      this.#single,
      this.#problem,
      this.#table,
    )
  }

  /** Shows one task's requests (from a task or a ledger event). */
  filterTask(taskId: string): void {
    this.show(null, { task: taskId })
  }

  /** What the address says: one request (`id`), or the journal under these filters. */
  show(id: string | null, params: Record<string, string>): void {
    const seq = id !== null && /^\d{1,15}$/.test(id) ? Number(id) : null
    for (const name of Object.keys(FILTERS) as Filter[]) this.#filters[name].value = params[name] ?? ''
    if (seq !== this.#seq) this.#offset = 0
    this.#seq = seq
    if (seq !== null) this.#opened.add(seq)
  }

  /** The address of what is shown. */
  view(): { id: string | null; params: Record<string, string> } {
    const params: Record<string, string> = {}
    for (const name of Object.keys(FILTERS) as Filter[]) if (this.#filters[name].value.trim() !== '') params[name] = this.#filters[name].value.trim()
    return { id: this.#seq === null ? null : String(this.#seq), params }
  }

  async refresh(): Promise<void> {
    if (this.#follow.checked) this.#offset = 0
    const query = new URLSearchParams({ limit: String(PAGE), offset: String(this.#offset) })
    if (this.#seq !== null) query.set('seq', String(this.#seq))
    else
      for (const name of Object.keys(FILTERS) as Filter[])
        if (this.#filters[name].value.trim() !== '') query.set(FILTERS[name], this.#filters[name].value.trim())
    show(this.#single, String(this.#seq), () =>
      this.#seq === null
        ? null
        : h(
            'p',
            { class: 'muted' },
            `Request #${this.#seq}, as linked. `,
            h('a', { href: '#requests', 'data-action': 'all-requests' }, 'Show the whole journal'),
          ),
    )
    let page: JournalPage
    try {
      page = await get<JournalPage>(`/__admin/journal?${query}`)
    } catch (error) {
      // No stale rows under a filter that failed: the table empties and the reason stays.
      this.#problem.textContent = `Filter refused: ${(error as Error).message}. No rows shown until the filter is fixed.`
      delete this.#table.dataset['key']
      this.#table.replaceChildren()
      this.#pager.replaceChildren()
      delete this.#pager.dataset['key']
      return
    }
    this.#problem.textContent = ''
    const last = Math.min(page.total, this.#offset + PAGE)
    show(this.#pager, `${this.#offset}/${page.total}/${page.recorded}`, () => [
      h('button', { disabled: this.#offset === 0, onclick: () => this.#move(-PAGE), 'aria-label': 'newer requests' }, '‹'),
      h('span', { class: 'count' }, page.total === 0 ? '0 requests' : `${this.#offset + 1}–${last} of ${page.total}`),
      h('button', { disabled: last >= page.total, onclick: () => this.#move(PAGE), 'aria-label': 'older requests' }, '›'),
      page.dropped > 0 ? h('span', { class: 'muted' }, `(${page.dropped} oldest dropped; the journal keeps ${page.capacity})`) : null,
    ])
    const render = () =>
      page.entries.length === 0
        ? h('p', { class: 'muted' }, this.#seq === null ? 'No request matches.' : `The journal holds no request #${this.#seq} (any more).`)
        : journalTable(page.entries, this.#opened, this.hooks, () => {
            delete this.#table.dataset['key']
            show(this.#table, 'toggled', render)
          })
    show(this.#table, JSON.stringify([page.entries.map((entry) => entry.seq), [...this.#opened]]), render)
  }

  #move(by: number): void {
    this.#follow.checked = false
    this.#offset = Math.max(0, this.#offset + by)
    this.hooks.changed()
  }
}
