/**
 * Credits: every account's balance, one account's ledger as a chart with its events (a window
 * of them, movable, for accounts with thousands), and the controls that add an account or top
 * one up.
 */
import type { AccountView } from '../../admin/views.js'
import { get, post } from './admin-client.js'
import { clockTime, field, h, shortId, show } from './dom.js'
import { balances, creditsChart, legend } from './credits-chart.js'

const WINDOW = 120

export interface CreditsHooks {
  changed(): void
  report(error: unknown): void
  openTask(taskId: string): void
}

export class CreditsPanel {
  readonly element: HTMLElement
  readonly #accounts = h('div', { class: 'accounts' })
  readonly #chart = h('div', { class: 'chart-box' })
  readonly #events = h('div', { class: 'events' })
  #selected: string | null = null
  /** The account the address names, by its label (`#credits/ke…01`), until the list brings it. */
  #wanted: string | null = null
  #labels = new Map<string, string>()
  /** Index one past the last event shown; null: follow the newest. */
  #end: number | null = null

  constructor(private readonly hooks: CreditsHooks) {
    const key = h('input', { type: 'text', placeholder: 'new-key', 'aria-label': 'new account key', size: 12 })
    const opening = h('input', { type: 'number', min: 0, value: 100, 'aria-label': 'opening credits', size: 6 })
    const topUp = h('input', { type: 'number', min: 1, value: 100, 'aria-label': 'top-up credits', size: 6 })
    const act = (run: () => Promise<unknown>) => async () => {
      try {
        await run()
        hooks.changed()
      } catch (error) {
        hooks.report(error)
      }
    }
    this.element = h(
      'div',
      { class: 'credits' },
      h(
        'div',
        { class: 'filters' },
        field('add account', key),
        field('credits', opening),
        h(
          'button',
          { onclick: act(() => post('/__admin/accounts', { api_key: key.value.trim(), credits: Number(opening.value) })), 'data-action': 'add-account' },
          'Add',
        ),
        h('span', { class: 'sep' }),
        field('top up selected by', topUp),
        h(
          'button',
          {
            onclick: act(
              async () => this.#selected !== null && post(`/__admin/accounts/${encodeURIComponent(this.#selected)}/top-up`, { credits: Number(topUp.value) }),
            ),
            'data-action': 'top-up',
          },
          'Top up',
        ),
      ),
      this.#accounts,
      this.#chart,
      this.#events,
    )
  }

  select(key: string): void {
    this.#selected = key
    this.#wanted = null
    this.#end = null
    this.hooks.changed()
  }

  /** What the address says: the account with this label (null: the first). */
  show(label: string | null): void {
    this.#wanted = label
    if (label !== null) this.#end = null
  }

  /** The address of what is shown: the account's label, never its key. */
  view(): { id: string | null; params: Record<string, string> } {
    const label = this.#wanted ?? (this.#selected === null ? null : (this.#labels.get(this.#selected) ?? null))
    return { id: label, params: {} }
  }

  async refresh(accounts: AccountView[]): Promise<void> {
    this.#labels = new Map(accounts.map((account) => [account.api_key, account.label ?? account.api_key]))
    const wanted = this.#wanted === null ? undefined : accounts.find((account) => (account.label ?? account.api_key) === this.#wanted)
    if (wanted !== undefined) {
      this.#selected = wanted.api_key
      this.#wanted = null
    }
    if (this.#selected === null || !accounts.some((account) => account.api_key === this.#selected)) this.#selected = accounts[0]?.api_key ?? null
    show(this.#accounts, JSON.stringify([accounts.map(({ events: _events, ...rest }) => rest), this.#selected]), () =>
      accounts.map((account) =>
        h(
          'button',
          {
            class: `account${account.api_key === this.#selected ? ' selected' : ''}`,
            'data-key': account.api_key,
            onclick: () => this.select(account.api_key),
          },
          h('strong', {}, account.api_key),
          h('span', { class: 'available' }, `${account.available} available`),
          h('span', { class: 'frozen' }, `${account.frozen} frozen`),
          h('span', { class: 'spent' }, `${account.spent} spent`),
          h('span', { class: 'muted' }, `${account.topped_up} topped up · ${account.tasks_created} tasks`),
        ),
      ),
    )
    if (this.#selected === null) return
    // The list may come from a paged server without events: the chart reads the account itself.
    const account = await get<AccountView>(`/__admin/accounts/${encodeURIComponent(this.#selected)}`)
    this.#draw(account)
  }

  #draw(account: AccountView): void {
    const { events } = account
    const after = balances(events)
    const end = Math.min(events.length, this.#end ?? events.length)
    const start = Math.max(0, end - WINDOW)
    const move = (to: number | null) => () => {
      this.#end = to === null || to >= events.length ? null : Math.max(Math.min(WINDOW, events.length), to)
      this.#draw(account)
    }
    show(this.#chart, JSON.stringify([account.api_key, start, end, events.length, account.available, account.frozen]), () => [
      h(
        'div',
        { class: 'chart-head' },
        h('h3', {}, `${account.api_key}: ${account.available} available · ${account.frozen} frozen · ${account.spent} spent`),
        h('button', { disabled: start === 0, onclick: move(end - WINDOW), 'aria-label': 'older events' }, '‹ older'),
        h('span', { class: 'count' }, events.length === 0 ? 'no events' : `events ${start + 1}–${end} of ${events.length}`),
        h('button', { disabled: end >= events.length, onclick: move(end + WINDOW), 'aria-label': 'newer events' }, 'newer ›'),
      ),
      legend(),
      creditsChart(events, after, start, end),
    ])
    show(this.#events, JSON.stringify([account.api_key, start, end, events.length]), () =>
      h(
        'table',
        { class: 'ledger' },
        h('thead', {}, h('tr', {}, ...['#', 'at', 'event', 'credits', 'task', 'available', 'frozen', 'spent'].map((name) => h('th', {}, name)))),
        h(
          'tbody',
          {},
          ...events
            .slice(start, end)
            .map((event, index) => {
              const balance = after[start + index]!
              return h(
                'tr',
                { class: `ev-${event.kind}` },
                h('td', {}, String(start + index + 1)),
                h('td', {}, clockTime(event.at)),
                h('td', {}, event.kind.replace('_', '-')),
                h('td', {}, `${event.kind === 'freeze' ? '−' : event.kind === 'charge' ? '' : '+'}${event.credits}`),
                h(
                  'td',
                  {},
                  event.task_id === null
                    ? ''
                    : h('a', { href: '#', onclick: (e) => (e.preventDefault(), this.hooks.openTask(event.task_id!)) }, shortId(event.task_id)),
                ),
                h('td', {}, String(balance.available)),
                h('td', {}, String(balance.frozen)),
                h('td', {}, String(balance.spent)),
              )
            })
            .reverse(),
        ),
      ),
    )
  }
}
