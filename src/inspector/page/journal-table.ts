/**
 * Journal entries as table rows; a click opens the request and the answer under the row, as a
 * browser's devtools would: headers and bodies (fetched from `/__admin/journal/{seq}`) and the
 * cause of the answer (a fault and its line in the scenario, the rate limit, the ledger,
 * validation, auth). Shared by the requests panel and the report's violations.
 */
import { causeText } from '../../admin/cause-text.js'
import type { JournalEntryDetail } from '../../admin/operations.js'
import type { JournalEntryView } from '../../admin/views.js'
import type { Message } from '../../domain/exchange.js'
import { get } from './admin-client.js'
import { clockTime, h, shortId } from './dom.js'

const COLUMNS = ['#', 'clock', 'method', 'path', 'key', 'status', 'cause', 'task status', 'delay', 'retry-after']

export interface JournalLinks {
  openTask(taskId: string): void
  /** Opens the scenario's source at a fault's line. */
  openFaultLine?(line: number): void
}

const pairs = (rows: Array<[string, string | Node]>) => h('dl', {}, ...rows.flatMap(([term, value]) => [h('dt', {}, term), h('dd', {}, value)]))

function messageView(title: string, message: Message | null): HTMLElement {
  if (message === null) return h('div', { class: 'message' }, h('h5', {}, title), h('p', { class: 'muted' }, 'none: the connection was dropped'))
  return h(
    'div',
    { class: 'message', 'data-message': title.toLowerCase() },
    h('h5', {}, title),
    pairs(Object.entries(message.headers)),
    message.body === null ? h('p', { class: 'muted' }, 'no body') : h('pre', { class: 'body' }, message.body),
    message.truncated === null
      ? null
      : h('p', { class: 'muted' }, `cut: the body had ${message.truncated} characters; the journal keeps the first ${message.body?.length}`),
  )
}

/** Headers and bodies, fetched when the row opens. */
function exchangeView(seq: number): HTMLElement {
  const box = h('div', { class: 'bodies' }, h('p', { class: 'muted' }, 'loading headers and bodies…'))
  get<JournalEntryDetail>(`/__admin/journal/${seq}`).then(
    (detail) =>
      box.replaceChildren(
        ...(detail.exchange === null
          ? [h('p', { class: 'muted' }, 'Headers and bodies of this request are gone: the journal keeps them within its memory bound, newest first.')]
          : [messageView('Request', detail.exchange.request), messageView('Response', detail.exchange.response)]),
      ),
    (error: Error) => box.replaceChildren(h('p', { class: 'error-text' }, `GET /__admin/journal/${seq}: ${error.message}`)),
  )
  return box
}

function causeView(entry: JournalEntryView, links: JournalLinks): string | Node {
  const { cause } = entry
  if (cause === null) return 'the normal answer'
  if (cause.kind === 'fault' && cause.line !== null && links.openFaultLine !== undefined) {
    const line = cause.line
    return h('a', { href: '#', 'data-fault-line': line, onclick: (event) => (event.preventDefault(), links.openFaultLine!(line)) }, causeText(cause))
  }
  return causeText(cause)
}

function detail(entry: JournalEntryView, links: JournalLinks): HTMLElement {
  return h(
    'div',
    { class: 'exchange' },
    h(
      'div',
      {},
      h('h4', {}, 'Request'),
      pairs([
        ['line', `${entry.method} ${entry.path}`],
        ['endpoint', entry.endpoint],
        ['x-api-key', entry.api_key],
        [
          'task',
          entry.task_id === null ? '—' : h('a', { href: '#', onclick: (event) => (event.preventDefault(), links.openTask(entry.task_id!)) }, entry.task_id),
        ],
        ['task type', entry.task_type ?? '—'],
        ['credits before', entry.credits_before === null ? '—' : `${entry.credits_before.available} available of ${entry.credits_before.topped_up} topped up`],
        ['fake clock', entry.at],
        ['wall clock', entry.wall],
      ]),
    ),
    h(
      'div',
      {},
      h('h4', {}, 'Answer'),
      pairs([
        ['status', entry.status === null ? 'none: the connection was dropped (fault)' : String(entry.status)],
        ['cause', causeView(entry, links)],
        ['task status', entry.task_status ?? '—'],
        ['delay', entry.delay_ms === 0 ? 'none' : `${entry.delay_ms} ms (fault)`],
        ['Retry-After', entry.retry_after_ms === null ? '—' : `${entry.retry_after_ms / 1000} s`],
      ]),
    ),
    exchangeView(entry.seq),
  )
}

export function journalTable(entries: JournalEntryView[], opened: Set<number>, links: JournalLinks, onToggle: () => void): HTMLElement {
  const body = h('tbody')
  const toggle = (seq: number) => {
    if (opened.has(seq)) opened.delete(seq)
    else opened.add(seq)
    onToggle()
  }
  for (const entry of entries) {
    const status = entry.status === null ? 'dropped' : String(entry.status)
    body.append(
      h(
        'tr',
        {
          class: `entry${entry.status === null || entry.status >= 400 ? ' bad' : ''}`,
          'data-seq': entry.seq,
          tabindex: 0,
          onclick: () => toggle(entry.seq),
          onkeydown: (event) => (event as KeyboardEvent).key === 'Enter' && toggle(entry.seq),
        },
        h('td', {}, String(entry.seq)),
        h('td', {}, clockTime(entry.at)),
        h('td', {}, entry.method),
        h('td', { class: 'path', title: entry.path }, entry.task_id === null ? entry.path : entry.path.replace(entry.task_id, shortId(entry.task_id))),
        h('td', {}, entry.api_key),
        h('td', { class: `status st-${status.slice(0, 1)}` }, status),
        h('td', { class: 'cause' }, causeText(entry.cause)),
        h('td', {}, entry.task_status ?? ''),
        h('td', {}, entry.delay_ms === 0 ? '' : `${entry.delay_ms} ms`),
        h('td', {}, entry.retry_after_ms === null ? '' : `${entry.retry_after_ms / 1000} s`),
      ),
    )
    if (opened.has(entry.seq)) body.append(h('tr', { class: 'opened' }, h('td', { colspan: COLUMNS.length }, detail(entry, links))))
  }
  return h('table', { class: 'journal' }, h('thead', {}, h('tr', {}, ...COLUMNS.map((name) => h('th', {}, name)))), body)
}
