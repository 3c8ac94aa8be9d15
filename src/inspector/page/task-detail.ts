/**
 * The selected task: its fields, input, error and output (clips play here, covers show), and
 * the controls that force its end. The force form is built once per task, so a poll does not wipe
 * a message being typed; the data around it is redrawn only when it changed.
 */
import type { TaskView } from '../../admin/views.js'
import { post } from './admin-client.js'
import { clockTime, h, show } from './dom.js'
import { nextMove, timeline } from './task-timeline.js'

export interface DetailHooks {
  /** After a force: redraw everything (ledger, journal, list). */
  changed(): void
  report(error: unknown): void
  /** Shows the journal's requests about this task. */
  openRequests(taskId: string): void
}

/**
 * Media load only when asked: the fake journals every asset request (as a key-less `asset` entry),
 * so the page fetches a cover or a clip only when QA clicks, never on its own.
 */
function cover(src: string, alt: string): HTMLElement {
  const button = h('button', { class: 'cover', 'data-action': 'show-cover', title: `GET ${src}` }, 'show cover')
  button.addEventListener('click', () => button.replaceWith(h('img', { src, alt, width: 96, height: 96 })))
  return button
}

function outputView(output: unknown): HTMLElement {
  const result = (output as { result?: unknown[] } | null)?.result
  if (!Array.isArray(result)) return h('pre', {}, JSON.stringify(output, null, 2))
  return h(
    'div',
    { class: 'clips' },
    ...result.map((entry) => {
      const clip = entry as Record<string, unknown>
      if (typeof clip['audio_url'] !== 'string')
        return h(
          'pre',
          { class: 'lyrics' },
          typeof clip['text'] === 'string' ? `${String(clip['title'] ?? '')}\n\n${clip['text']}` : JSON.stringify(clip, null, 2),
        )
      return h(
        'figure',
        { class: 'clip' },
        typeof clip['image_url'] === 'string' ? cover(clip['image_url'], `cover of ${String(clip['title'] ?? clip['id'])}`) : null,
        h(
          'figcaption',
          {},
          h('strong', {}, String(clip['title'] ?? clip['id'])),
          ` · ${String(clip['duration'] ?? '?')} s`,
          h('audio', { controls: true, preload: 'none', src: clip['audio_url'] }),
        ),
      )
    }),
  )
}

function forceForm(task: TaskView, hooks: DetailHooks): HTMLElement {
  const message = h('input', { type: 'text', placeholder: 'error message', value: 'upstream rejected the prompt', 'aria-label': 'failure message' })
  const force = (status: string, error?: string) => async () => {
    try {
      await post(`/__admin/tasks/${encodeURIComponent(task.task_id)}/force`, error === undefined ? { status } : { status, error })
      hooks.changed()
    } catch (failure) {
      hooks.report(failure)
    }
  }
  return h(
    'div',
    { class: 'force' },
    h('span', { class: 'muted' }, 'Force its end:'),
    h('button', { onclick: force('success'), 'data-force': 'success' }, 'Success'),
    h('button', { onclick: () => void force('failure', message.value.trim() || undefined)(), 'data-force': 'failure' }, 'Failure'),
    message,
    h('button', { onclick: force('timeout'), 'data-force': 'timeout' }, 'Timeout'),
  )
}

export class TaskDetail {
  readonly element = h('section', { class: 'detail', 'aria-label': 'selected task' })
  readonly #facts = h('div')
  readonly #output = h('div')
  readonly #force = h('div')
  #forceFor = ''

  constructor(private readonly hooks: DetailHooks) {
    this.element.append(h('p', { class: 'muted' }, 'Select a task to see its input, output and controls.'))
  }

  render(task: TaskView | null, now: number): void {
    if (task === null) return
    if (this.element.dataset['task'] !== task.task_id) {
      this.element.dataset['task'] = task.task_id
      this.element.replaceChildren(this.#facts, this.#force, this.#output)
      delete this.#output.dataset['key']
      delete this.#facts.dataset['key']
    }
    show(this.#facts, JSON.stringify([task, now]), () => [
      h('h3', {}, 'Task ', h('code', {}, task.task_id), ' ', h('span', { class: `badge s-${task.status}` }, task.status)),
      timeline(task, now),
      h(
        'p',
        { class: 'next' },
        nextMove(task, now),
        ' · ',
        h(
          'a',
          { href: '#requests', 'data-action': 'task-requests', onclick: (event) => (event.preventDefault(), this.hooks.openRequests(task.task_id)) },
          'its requests',
        ),
      ),
      h(
        'dl',
        {},
        ...[
          ['key', task.api_key],
          ['type', `${task.type}${task.mode === null ? '' : ` (${task.mode})`}`],
          ['timeline', `${task.timeline}${task.rule === null ? '' : ` (rule ${task.rule})`}`],
          ['credits', String(task.credits_cost)],
          ['created', clockTime(task.created_at)],
          ['completed', task.completed_at === null ? '—' : clockTime(task.completed_at)],
          ['deadline', task.deadline === null ? 'none' : clockTime(task.deadline)],
          ['reads', `${task.reads} (this step ${task.position.reads})`],
        ].flatMap(([term, value]) => [h('dt', {}, term), h('dd', {}, value)]),
      ),
      task.error === null ? null : h('p', { class: 'error-text' }, `error: ${task.error}`),
      h('details', {}, h('summary', {}, 'input'), h('pre', {}, JSON.stringify(task.input, null, 2))),
    ])
    const open = task.completed_at === null
    if (this.#forceFor !== `${task.task_id}:${open}`) {
      this.#forceFor = `${task.task_id}:${open}`
      this.#force.replaceChildren(...(open ? [forceForm(task, this.hooks)] : []))
    }
    show(this.#output, JSON.stringify(task.output), () => (task.output === null ? null : [h('h4', {}, 'output'), outputView(task.output)]))
  }
}
