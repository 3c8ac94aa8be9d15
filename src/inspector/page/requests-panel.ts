/**
 * The request journal, newest first, a page at a time; with "follow" on, the first page keeps
 * showing the newest requests as clients send them.
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
  readonly #filters: Record<'endpoint' | 'status' | 'task_id' | 'api_key', HTMLInputElement | HTMLSelectElement>
  readonly #follow = h('input', { type: 'checkbox', checked: true, 'aria-label': 'follow new requests' })
  readonly #opened = new Set<number>()
  #offset = 0

  constructor(
    private readonly changed: () => void,
    private readonly openTask: (taskId: string) => void,
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
      status: h('input', { type: 'text', size: 4, placeholder: '500', onchange: refilter, 'aria-label': 'http status' }),
      task_id: h('input', { type: 'text', size: 14, placeholder: 'task id', onchange: refilter, 'aria-label': 'task id' }),
      api_key: h('input', { type: 'text', size: 10, placeholder: 'api key', onchange: refilter, 'aria-label': 'api key' }),
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
        h('label', { class: 'field inline' }, this.#follow, h('span', {}, 'follow new')),
        this.#pager,
      ),
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
    const page = await get<JournalPage>(`/__admin/journal?${query}`)
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
        : journalTable(page.entries, this.#opened, this.openTask, () => {
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
