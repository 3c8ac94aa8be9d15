/**
 * The header: which scenario runs, the fake's clock and the controls that move it, reset, and the
 * page's live state (last update, errors). Every control is one `/__admin` call.
 */
import type { ClockView, Health } from '../../admin/operations.js'
import { post, shownWorld } from './admin-client.js'
import { h, show } from './dom.js'

export class SteeringBar {
  readonly element: HTMLElement
  readonly #facts = h('div', { class: 'facts' })
  readonly #clock = h('span', { class: 'clock', 'data-clock': '' })
  readonly #status = h('div', { class: 'status-line', role: 'status' })
  /** Which world the page shows: the default one, or a named one (`?world=NAME`). */
  readonly #world = h('select', { 'aria-label': 'world', 'data-world': '' })
  #worldNames = ''

  constructor(
    private readonly changed: () => void,
    private readonly report: (error: unknown, source?: string) => void,
    private readonly resolved: (source: string) => void = () => undefined,
  ) {
    const by = h('input', { type: 'text', size: 5, value: '30s', 'aria-label': 'advance by' })
    const to = h('input', { type: 'text', size: 24, placeholder: '2026-01-01T00:10:00.000Z', 'aria-label': 'set clock to' })
    // Each control's error stays until it is dismissed or the control succeeds (error-list.ts).
    const act = (source: string, run: () => Promise<unknown>) => async () => {
      try {
        await run()
        resolved(source)
        changed()
      } catch (error) {
        report(error, source)
      }
    }
    const advance = (amount: string) => act('advance', () => post('/__admin/clock/advance', { by: amount }))
    this.element = h(
      'header',
      {},
      h('h1', {}, 'audio-task-mock ', h('span', { class: 'muted' }, 'inspector')),
      h('label', { class: 'world' }, 'world ', this.#world),
      this.#facts,
      h(
        'div',
        { class: 'steer' },
        this.#clock,
        ...['1s', '5s', '1m', '10m'].map((amount) =>
          h('button', { onclick: advance(amount), 'data-advance': amount, title: `advance the clock by ${amount}` }, `+${amount}`),
        ),
        by,
        h('button', { onclick: () => void advance(by.value.trim())(), 'data-action': 'advance' }, 'Advance'),
        to,
        h('button', { onclick: act('set-clock', () => post('/__admin/clock/set', { to: to.value.trim() })), 'data-action': 'set-clock' }, 'Set clock'),
        h(
          'button',
          {
            class: 'danger',
            'data-action': 'reset',
            onclick: act('reset', async () => {
              if (confirm('Reset the fake to its scenario’s start? Tasks, ledgers and the journal start over.')) await post('/__admin/reset')
            }),
          },
          'Reset',
        ),
      ),
      this.#status,
    )
  }

  /** The world picker's choices: the default world and every named one (the shown one even if it is gone). */
  worlds(names: readonly string[]): void {
    const all = [...new Set([...names, ...(shownWorld === null ? [] : [shownWorld])])].sort()
    const key = all.join('\n')
    if (key === this.#worldNames) return
    this.#worldNames = key
    this.#world.replaceChildren(h('option', { value: '' }, 'default'), ...all.map((name) => h('option', { value: name }, `/worlds/${name}`)))
    this.#world.value = shownWorld ?? ''
    this.#world.onchange = () => {
      const query = new URLSearchParams(location.search)
      if (this.#world.value === '') query.delete('world')
      else query.set('world', this.#world.value)
      const search = query.toString()
      location.assign(`${location.pathname}${search === '' ? '' : `?${search}`}${location.hash}`)
    }
  }

  render(health: Health, clock: ClockView): void {
    show(this.#facts, JSON.stringify(health), () => [
      h('span', {}, 'scenario ', h('strong', { 'data-scenario': health.scenario }, health.scenario)),
      h('span', { class: 'muted' }, `seed ${health.seed} · ${health.accounts} accounts · ${health.tasks} tasks · ${health.journal.recorded} requests`),
    ])
    this.#clock.textContent = `${clock.now.replace('T', ' ').replace('Z', '')} ${clock.mode === 'auto' ? `(auto ×${clock.speed})` : '(manual)'}`
  }

  /** The last update, or what went wrong (an admin error's message as the API gave it). */
  state(text: string, bad = false): void {
    this.#status.textContent = text
    this.#status.className = `status-line${bad ? ' bad' : ''}`
  }
}
