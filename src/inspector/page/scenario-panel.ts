/**
 * The scenario editor: a textarea with line numbers. Loading sends the text to
 * `PUT /__admin/scenario`, which answers mistakes with the CLI's own messages
 * (`<request body>:LINE:COL: path: message`, one per line); each is listed, its line marked in
 * the gutter, and a click puts the cursor at its line and column.
 */
import type { Health } from '../../admin/operations.js'
import { AdminCallError, get, getText, putScenario } from './admin-client.js'
import { h } from './dom.js'

export interface ScenarioMistake {
  line: number
  column: number
  message: string
  /** The whole line as the server (and the CLI) wrote it. */
  text: string
}

/** The mistakes in a 400's message; lines that do not point at a place are kept with line 0. */
export function mistakesOf(message: string): ScenarioMistake[] {
  return message
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((text) => {
      const at = /^<request body>:(\d+):(\d+): (.*)$/s.exec(text)
      return at === null ? { line: 0, column: 0, message: text, text } : { line: Number(at[1]), column: Number(at[2]), message: at[3]!, text }
    })
}

const STARTER = `version: 1
name: my-scenario
seed: 1
clock: { mode: manual, start: "2026-01-01T00:00:00.000Z" }
accounts:
  - { api_key: qa-key, credits: 100 }
`
const DRAFT = 'audio-task-mock.inspector.draft'

export class ScenarioPanel {
  readonly element: HTMLElement
  readonly #text: HTMLTextAreaElement
  readonly #gutter = h('pre', { class: 'gutter', 'aria-hidden': 'true' })
  readonly #result = h('div', { class: 'scenario-result', role: 'status' })
  #marked = new Set<number>()

  constructor(private readonly changed: () => void) {
    this.#text = h('textarea', {
      spellcheck: false,
      wrap: 'off',
      'aria-label': 'scenario YAML',
      oninput: () => this.#numbers(),
      onscroll: () => (this.#gutter.scrollTop = this.#text.scrollTop),
    })
    const draft = sessionStorage.getItem(DRAFT)
    this.#text.value = draft ?? STARTER
    if (draft === null) void this.#running() // opens on the running scenario's source
    this.element = h(
      'div',
      { class: 'scenario' },
      h(
        'div',
        { class: 'filters' },
        h('button', { class: 'primary', onclick: () => void this.load(), 'data-action': 'load-scenario' }, 'Load scenario'),
        h('button', { onclick: () => void this.#running(), 'data-action': 'running-source' }, 'Running scenario (source)'),
        h('button', { onclick: () => void this.#current(), 'data-action': 'export' }, 'Current scenario (export)'),
        h('span', { class: 'muted' }, 'PUT /__admin/scenario: the fake starts over from this scenario.'),
      ),
      h('div', { class: 'editor' }, this.#gutter, this.#text),
      this.#result,
    )
    this.#numbers()
  }

  /** Replaces the editor's text (a test, or a QA loading a file by paste). */
  set value(text: string) {
    this.#text.value = text
    this.#marked.clear()
    this.#numbers()
  }

  async load(): Promise<void> {
    sessionStorage.setItem(DRAFT, this.#text.value)
    try {
      const health = await putScenario<Health>(this.#text.value)
      this.#marked.clear()
      this.#result.replaceChildren(
        h('p', { class: 'ok-text' }, `Loaded scenario "${health.scenario}" (seed ${health.seed}): ${health.accounts} accounts, clock at ${health.clock}.`),
      )
      this.changed()
    } catch (error) {
      if (!(error instanceof AdminCallError)) throw error
      const mistakes = error.status === 400 ? mistakesOf(error.message) : [{ line: 0, column: 0, message: error.message, text: error.message }]
      this.#marked = new Set(mistakes.map((mistake) => mistake.line).filter((line) => line > 0))
      this.#result.replaceChildren(
        h(
          'p',
          { class: 'error-text' },
          `Not loaded: ${mistakes.length} mistake${mistakes.length === 1 ? '' : 's'} (the fake still runs the previous scenario).`,
        ),
        h(
          'ul',
          { class: 'mistakes' },
          ...mistakes.map((mistake) =>
            h(
              'li',
              { 'data-line': mistake.line, 'data-column': mistake.column },
              mistake.line === 0
                ? null
                : h(
                    'a',
                    { href: '#', class: 'at', onclick: (event) => (event.preventDefault(), this.#goTo(mistake)) },
                    `line ${mistake.line}, column ${mistake.column}`,
                  ),
              h('code', {}, mistake.text),
            ),
          ),
        ),
      )
    }
    this.#numbers()
  }

  /** Shows line `line` of the running scenario's source (the fault a request met), marked. */
  async showLine(line: number): Promise<void> {
    await this.#running()
    this.#marked = new Set([line])
    this.#numbers()
    this.#goTo({ line, column: 1, message: '', text: '' })
  }

  /** The running scenario's text (GET /__admin/scenario); the starter when it was built in code. */
  async #running(): Promise<void> {
    try {
      const source = await get<{ name: string; file: string | null; text: string | null }>('/__admin/scenario')
      if (source.text !== null) this.value = source.text
      this.#result.replaceChildren(
        h(
          'p',
          { class: 'muted' },
          source.text === null ? `Scenario "${source.name}" was built in code: no source to show.` : `Source of "${source.name}" (${source.file}).`,
        ),
      )
    } catch (error) {
      this.#result.replaceChildren(h('p', { class: 'error-text' }, `GET /__admin/scenario: ${(error as Error).message}`))
    }
  }

  async #current(): Promise<void> {
    try {
      this.value = await getText('/__admin/export')
    } catch (error) {
      this.#result.replaceChildren(h('p', { class: 'error-text' }, `GET /__admin/export: ${(error as Error).message}`))
    }
  }

  #goTo(mistake: ScenarioMistake): void {
    const lines = this.#text.value.split('\n')
    const offset = lines.slice(0, mistake.line - 1).reduce((sum, line) => sum + line.length + 1, 0) + Math.max(0, mistake.column - 1)
    this.#text.focus()
    this.#text.setSelectionRange(offset, offset + 1)
    const lineHeight = this.#text.scrollHeight / Math.max(1, lines.length)
    this.#text.scrollTop = Math.max(0, (mistake.line - 5) * lineHeight)
  }

  #numbers(): void {
    const count = this.#text.value.split('\n').length
    this.#gutter.replaceChildren(
      ...Array.from({ length: count }, (_, index) =>
        h('span', { class: this.#marked.has(index + 1) ? 'marked' : '', 'data-line': index + 1 }, String(index + 1)),
      ),
    )
    this.#gutter.scrollTop = this.#text.scrollTop
  }
}
