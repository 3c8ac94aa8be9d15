/**
 * Journal entries as table rows; a click opens the request and the answer under the row. Shared
 * by the requests panel and the report's violations (which show the requests behind each one).
 */
import type { JournalEntryView } from '../../admin/views.js'
import { clockTime, h, shortId } from './dom.js'

const COLUMNS = ['#', 'clock', 'method', 'path', 'key', 'status', 'task status', 'delay', 'retry-after']

function detail(entry: JournalEntryView, openTask: (taskId: string) => void): HTMLElement {
  const pairs = (rows: Array<[string, string | Node]>) => h('dl', {}, ...rows.flatMap(([term, value]) => [h('dt', {}, term), h('dd', {}, value)]))
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
        ['task', entry.task_id === null ? '—' : h('a', { href: '#', onclick: (event) => (event.preventDefault(), openTask(entry.task_id!)) }, entry.task_id)],
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
        ['task status', entry.task_status ?? '—'],
        ['delay', entry.delay_ms === 0 ? 'none' : `${entry.delay_ms} ms (fault)`],
        ['Retry-After', entry.retry_after_ms === null ? '—' : `${entry.retry_after_ms / 1000} s`],
      ]),
    ),
  )
}

export function journalTable(entries: JournalEntryView[], opened: Set<number>, openTask: (taskId: string) => void, onToggle: () => void): HTMLElement {
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
        h('td', {}, entry.task_status ?? ''),
        h('td', {}, entry.delay_ms === 0 ? '' : `${entry.delay_ms} ms`),
        h('td', {}, entry.retry_after_ms === null ? '' : `${entry.retry_after_ms / 1000} s`),
      ),
    )
    if (opened.has(entry.seq)) body.append(h('tr', { class: 'opened' }, h('td', { colspan: COLUMNS.length }, detail(entry, openTask))))
  }
  return h('table', { class: 'journal' }, h('thead', {}, h('tr', {}, ...COLUMNS.map((name) => h('th', {}, name)))), body)
}
