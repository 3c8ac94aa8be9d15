/**
 * The request journal, newest first, a page at a time; with "follow" on, the first page keeps
 * showing the newest requests as clients send them. Filters: endpoint, status or status class
 * (`5xx`), task, key (whole or as shown, masked) and text (in paths, causes, headers and bodies).
 * A filter the API refuses says so here and shows no rows, until the filter is fixed.
 */
import type { JournalPage } from '../../admin/operations.js'
import { get } from './admin-client.js'
import { field, h, show } from './dom.js'
import { journalTable } from './journal-table.js'

const PAGE = 100

export class RequestsPanel {
  readonly element: HTMLElement
  readonly #table = h('div', { class: 'table-box' })
  readonly #pager = h('div', { class: 'pager' })
  readonly #filters: Record<'endpoint' | 'status' | 'task_id' | 'api_key' | 'q', HTMLInputElement | HTMLSelectElement>
  readonly #problem = h('div', { class: 'panel-error', role: 'alert' })
  readonly #follow = h('input', { type: 'checkbox', checked: true, 'aria-label': 'follow new requests' })
  readonly #opened = new Set<number>()
  #offset = 0

  constructor(
    private readonly changed: () => void,
    private readonly openTask: (taskId: string) => void,
    private readonly openFaultLine: (line: number) => void = () => undefined,
  ) {
    const refilter = () => {
      this.#offset = 0
      changed()
    }
    this.#filters = {
      endpoint: h(
        'select',
        { onchange: refilter, 'aria-label': 'endpoint' },
        ...['', 'create', 'get_task', 'usage', 'asset'].map((value) => h('option', { value }, value === '' ? 'all' : value)),
      ),
      status: h('input', { type: 'text', size: 6, placeholder: '5xx, 402', onchange: refilter, 'aria-label': 'http status', list: 'status-classes' }),
      task_id: h('input', { type: 'text', size: 14, placeholder: 'task id', onchange: refilter, 'aria-label': 'task id' }),
      api_key: h('input', { type: 'text', size: 10, placeholder: 'key or qa-k…y', onchange: refilter, 'aria-label': 'api key' }),
      q: h('input', { type: 'search', size: 14, placeholder: 'text in bodies', onchange: refilter, 'aria-label': 'search text' }),
    }
    this.element = h(
      'div',
      {},
      h(
        'div',
        { class: 'filters' },
        field('endpoint', this.#filters.endpoint),
        field('status', this.#filters.status),
        field('task', this.#filters.task_id),
        field('key', this.#filters.api_key),
        field('text', this.#filters.q),
        h('datalist', { id: 'status-classes' }, ...['2xx', '4xx', '5xx', 'dropped'].map((value) => h('option', { value }))),
        h('label', { class: 'field inline' }, this.#follow, h('span', {}, 'follow new')),
        this.#pager,
      ),
      this.#problem,
      this.#table,
    )
  }

  /** Shows one task's requests (from a task or a ledger event). */
  filterTask(taskId: string): void {
    this.#filters.task_id.value = taskId
    this.#offset = 0
  }

  async refresh(): Promise<void> {
    if (this.#follow.checked) this.#offset = 0
    const query = new URLSearchParams({ limit: String(PAGE), offset: String(this.#offset) })
    for (const [name, input] of Object.entries(this.#filters)) if (input.value.trim() !== '') query.set(name, input.value.trim())
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
        ? h('p', { class: 'muted' }, 'No request matches.')
        : journalTable(page.entries, this.#opened, { openTask: this.openTask, openFaultLine: this.openFaultLine }, () => {
            delete this.#table.dataset['key']
            show(this.#table, 'toggled', render)
          })
    show(this.#table, JSON.stringify([page.entries.map((entry) => entry.seq), [...this.#opened]]), render)
  }

  #move(by: number): void {
    this.#follow.checked = false
    this.#offset = Math.max(0, this.#offset + by)
    this.changed()
  }
}
