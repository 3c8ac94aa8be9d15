/**
 * Journal entries as table rows; a click opens the request and the answer under the row, as a
 * browser's devtools would: headers and bodies (fetched from `/__admin/journal/{seq}`) and the
 * cause of the answer (a fault and its line in the scenario, the rate limit, the ledger,
 * validation, auth) and the faults and rules that almost applied (near-misses.ts). Shared by the requests panel and the report's violations.
 */
import { causeText } from '../../admin/cause-text.js'
import type { JournalEntryDetail } from '../../admin/operations.js'
import type { JournalEntryView } from '../../admin/views.js'
import type { Message } from '../../domain/exchange.js'
import { get } from './admin-client.js'
import { asCurl, asFetch, copiedRequest } from './copy-request.js'
import { entryId, lineLink } from './counters-panel.js'
import { nearMissesView } from './near-misses.js'
import { clockTime, h, shortId } from './dom.js'

const COLUMNS = ['#', 'clock', 'method', 'path', 'key', 'status', 'cause', 'task status', 'delay', 'retry-after']

export interface JournalLinks {
  openTask(taskId: string): void
  /** Opens the scenario's source at a fault's line. */
  openFaultLine?(line: number): void
  /** Where the world answers (the page's origin and `/worlds/NAME`): copies of a request are sent there. */
  base?: string
  /** The key a label names, for a key with an account (a copy with the key in clear). */
  keyOf?(label: string): string | undefined
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

/** Text to copy into the clipboard, also shown (selected) for a page without clipboard access (plain http on another host). */
async function toClipboard(text: string, out: HTMLTextAreaElement, note: HTMLElement): Promise<void> {
  out.hidden = false
  out.value = text
  out.rows = Math.min(12, text.split('\n').length + 1)
  out.select()
  try {
    await navigator.clipboard.writeText(text)
    note.textContent = 'copied'
  } catch {
    note.textContent = 'select and copy the text below (this page may not use the clipboard)'
  }
}

/** Copy as curl or fetch, the key as its label unless asked in clear (keys with an account only). */
function copyTools(entry: JournalEntryView, request: Message | null, links: JournalLinks): HTMLElement {
  const apiKey = links.keyOf?.(entry.api_key)
  const clear = h('input', { type: 'checkbox', 'aria-label': 'key in clear', disabled: apiKey === undefined })
  const out = h('textarea', { class: 'copy-out', readonly: true, hidden: true, 'aria-label': 'copied request', spellcheck: 'false' })
  const note = h('span', { class: 'muted', 'data-copy-note': '' })
  const copied = copiedRequest(entry, request, links.base ?? location.origin)
  const key = () => (clear.checked && apiKey !== undefined ? { label: entry.api_key, apiKey } : null)
  return h(
    'div',
    { class: 'copy-tools' },
    h('button', { 'data-copy': 'curl', onclick: () => void toClipboard(asCurl(copied, { key: key() }), out, note) }, 'Copy as curl'),
    h('button', { 'data-copy': 'fetch', onclick: () => void toClipboard(asFetch(copied, { key: key() }), out, note) }, 'Copy as fetch'),
    h(
      'label',
      { class: 'field inline', title: apiKey === undefined ? 'no account has this key: it is never shown whole' : 'the copy sends the key itself' },
      clear,
      h('span', {}, 'key in clear'),
    ),
    h('a', { href: `#requests/${entry.seq}`, 'data-permalink': entry.seq }, `link to request #${entry.seq}`),
    note,
    out,
  )
}

/** Headers and bodies, fetched when the row opens, and the tools that copy the request. */
function exchangeView(entry: JournalEntryView, links: JournalLinks): HTMLElement {
  const { seq } = entry
  const box = h('div', { class: 'bodies' }, h('p', { class: 'muted' }, 'loading headers and bodies…'))
  get<JournalEntryDetail>(`/__admin/journal/${seq}`).then(
    (detail) =>
      box.replaceChildren(
        copyTools(entry, detail.exchange?.request ?? null, links),
        nearMissesView((detail as Partial<JournalEntryDetail>).near_misses, links) ?? '',
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
  if (cause.kind !== 'fault') return causeText(cause)
  const id = entryId('faults', cause.index)
  return h(
    'span',
    {},
    cause.line === null || links.openFaultLine === undefined
      ? causeText(cause)
      : lineLink(cause.line, links.openFaultLine, { 'data-fault-line': cause.line }, causeText(cause)),
    // How the fault's counter counted this request: one without api_key counts every key's (issue 39).
    // A fake before issue 39 sends no `counted`.
    (cause.counted ?? null) === null ? null : h('span', {}, ' · ', h('span', { 'data-counted': '' }, cause.counted)),
    ' · ',
    h('a', { href: `#faults/${id}`, 'data-counters': id, title: 'this fault in Faults & rules' }, 'its counters'),
  )
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
    exchangeView(entry, links),
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
        h('td', {}, h('a', { href: `#requests/${entry.seq}`, class: 'seq', onclick: (event) => event.stopPropagation() }, String(entry.seq))),
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
