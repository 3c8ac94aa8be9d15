/**
 * Errors that stay (issue 29): each under a source (`advance`, `force`, `poll`…), shown until the
 * user dismisses it or the same source succeeds (the input was fixed). The once-a-second poll
 * only clears its own error, never one of an action the user took.
 */
import { h, show } from './dom.js'

export class ErrorList {
  readonly element = h('div', { class: 'errors', role: 'alert' })
  readonly #errors = new Map<string, string>()

  add(source: string, message: string): void {
    this.#errors.set(source, message)
    this.#render()
  }

  /** The source succeeded: its error goes. */
  clear(source: string): void {
    if (this.#errors.delete(source)) this.#render()
  }

  get size(): number {
    return this.#errors.size
  }

  #render(): void {
    show(this.element, JSON.stringify([...this.#errors]), () =>
      [...this.#errors].map(([source, message]) =>
        h(
          'div',
          { class: 'error-item', 'data-error-source': source },
          h('span', { class: 'error-text' }, message),
          h('button', { class: 'dismiss', 'aria-label': `dismiss ${source} error`, onclick: () => this.clear(source) }, '×'),
        ),
      ),
    )
  }
}
