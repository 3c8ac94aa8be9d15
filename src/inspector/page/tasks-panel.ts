/**
 * Every task of every account, a page at a time (the admin API's `limit`/`offset`), filtered by
 * key, status and type on the server. Each row draws the task's timeline and what moves it next;
 * a click opens it in the detail pane. The filters and the opened task are the page's address
 * (`#tasks/ID?key=ke…01&status=failure`); the key filter goes by the key's label, never the key.
 */
import type { AccountView, TaskView } from '../../admin/views.js'
import { TASK_TYPE_LABELS } from '../../domain/task-types/labels.js'
import { get, getPage, type Page } from './admin-client.js'
import { field, h, shortId, show } from './dom.js'
import { TaskDetail, type DetailHooks } from './task-detail.js'
import { nextMove, timeline } from './task-timeline.js'

const PAGE = 50
/** A filter's choices: a value and its text; the empty value is `all`. */
type Choice = readonly [value: string, text: string]
const ALL: Choice = ['', 'all']
const STATUSES: Choice[] = [ALL, ...['pending', 'running', 'success', 'failure', 'timeout'].map((status): Choice => [status, status])]
const TYPES: Choice[] = [ALL, ...TASK_TYPE_LABELS.map(({ name, label }): Choice => [name, label])]

const select = (label: string, choices: readonly Choice[], onchange: () => void): HTMLSelectElement =>
  h('select', { 'aria-label': label, onchange }, ...choices.map(([value, text]) => h('option', { value }, text)))

export class TasksPanel {
  readonly element: HTMLElement
  readonly #key: HTMLSelectElement
  readonly #status: HTMLSelectElement
  readonly #type: HTMLSelectElement
  /** Text the task's id or error holds. */
  readonly #search: HTMLInputElement
  readonly #list = h('div', { class: 'task-list' })
  readonly #pager = h('div', { class: 'pager' })
  readonly #detail: TaskDetail
  #offset = 0
  #selected: string | null = null
  /** A key filter from the address, until the account list (and so the option) arrives. */
  #wantedKey: string | null = null

  constructor(private readonly hooks: DetailHooks) {
    const refilter = () => {
      this.#offset = 0
      this.#wantedKey = null
      hooks.changed()
    }
    this.#key = select('api key', [ALL], refilter)
    this.#status = select('status', STATUSES, refilter)
    this.#type = select('type', TYPES, refilter)
    this.#search = h('input', { type: 'search', size: 16, placeholder: 'id or error text', 'aria-label': 'search tasks', onchange: refilter })
    this.#detail = new TaskDetail(hooks)
    this.element = h(
      'div',
      { class: 'split' },
      h(
        'div',
        { class: 'main' },
        h(
          'div',
          { class: 'filters' },
          field('key', this.#key),
          field('status', this.#status),
          field('type', this.#type),
          field('search', this.#search),
          this.#pager,
        ),
        this.#list,
      ),
      this.#detail.element,
    )
  }

  /** Keys for the filter, from the accounts the header already fetched: each by its label (a fake before labels: the key). */
  accounts(accounts: AccountView[]): void {
    const keys: Array<[value: string, text: string]> = [
      ['', 'all'],
      ...accounts.map((account): [string, string] => [account.label ?? account.api_key, account.api_key]),
    ]
    const current = [...this.#key.options].map((option) => option.value)
    if (current.join('\n') === keys.map(([value]) => value).join('\n')) return
    const chosen = this.#wantedKey ?? this.#key.value
    this.#key.replaceChildren(...keys.map(([value, text]) => h('option', { value }, text)))
    this.#key.value = keys.some(([value]) => value === chosen) ? chosen : ''
    if (this.#key.value === chosen) this.#wantedKey = null
  }

  /** What the address says: a task opened (`id`), the list under these filters. */
  show(id: string | null, params: Record<string, string>): void {
    if (id !== this.#selected) this.#offset = 0
    this.#selected = id
    // A key the list of accounts has not brought yet is kept until it does.
    this.#wantedKey = params['key'] ?? ''
    this.#key.value = this.#wantedKey
    if (this.#key.value === this.#wantedKey) this.#wantedKey = null
    this.#status.value = params['status'] ?? ''
    this.#type.value = params['type'] ?? ''
    this.#search.value = params['q'] ?? ''
  }

  /** The address of what is shown. */
  view(): { id: string | null; params: Record<string, string> } {
    const params: Record<string, string> = {}
    const key = this.#wantedKey ?? this.#key.value
    if (key !== '') params['key'] = key
    if (this.#status.value !== '') params['status'] = this.#status.value
    if (this.#type.value !== '') params['type'] = this.#type.value
    if (this.#search.value.trim() !== '') params['q'] = this.#search.value.trim()
    return { id: this.#selected, params }
  }

  async refresh(now: number): Promise<void> {
    const query = {
      api_key: (this.#wantedKey ?? this.#key.value) || undefined,
      status: this.#status.value || undefined,
      type: this.#type.value || undefined,
      q: this.#search.value.trim() || undefined,
    }
    const page: Page<TaskView> = await getPage<TaskView>('/__admin/tasks', query, this.#offset, PAGE)
    if (this.#offset > 0 && this.#offset >= page.total) {
      this.#offset = Math.max(0, Math.floor((page.total - 1) / PAGE) * PAGE)
      return this.refresh(now)
    }
    this.#renderPager(page.total)
    show(this.#list, JSON.stringify([page, now, this.#selected]), () =>
      page.items.length === 0
        ? h('p', { class: 'muted' }, 'No task matches. Tasks appear here as clients create them.')
        : page.items.map((task) =>
            h(
              'div',
              {
                class: `task-row${task.task_id === this.#selected ? ' selected' : ''}`,
                'data-task-id': task.task_id,
                'data-status': task.status,
                tabindex: 0,
                onclick: () => this.select(task.task_id),
                onkeydown: (event) => (event as KeyboardEvent).key === 'Enter' && this.select(task.task_id),
              },
              h(
                'div',
                { class: 'task-head' },
                h('code', { title: task.task_id }, shortId(task.task_id)),
                h('span', { class: 'muted' }, task.api_key),
                h('span', {}, task.type),
                h('span', { class: `badge s-${task.status}` }, task.status),
                h('span', { class: 'next muted' }, nextMove(task, now)),
              ),
              task.error === null ? null : h('div', { class: 'task-error error-text', title: task.error }, task.error),
              timeline(task, now),
            ),
          ),
    )
    if (this.#selected !== null) {
      const task =
        page.items.find((item) => item.task_id === this.#selected) ??
        (await get<TaskView>(`/__admin/tasks/${encodeURIComponent(this.#selected)}`).catch(() => null))
      this.#detail.render(task, now)
    }
  }

  select(taskId: string): void {
    this.#selected = taskId
    this.hooks.changed()
  }

  #renderPager(total: number): void {
    const last = Math.min(total, this.#offset + PAGE)
    show(this.#pager, `${this.#offset}/${total}`, () => [
      h('button', { disabled: this.#offset === 0, onclick: () => this.#move(-PAGE), 'aria-label': 'previous page' }, '‹'),
      h('span', { class: 'count' }, total === 0 ? '0 tasks' : `${this.#offset + 1}–${last} of ${total}`),
      h('button', { disabled: last >= total, onclick: () => this.#move(PAGE), 'aria-label': 'next page' }, '›'),
    ])
  }

  #move(by: number): void {
    this.#offset = Math.max(0, this.#offset + by)
    this.hooks.changed()
  }
}
