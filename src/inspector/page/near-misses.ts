/**
 * "Why not", in a request's detail: the faults (and, on a create, the rules) that almost applied
 * to it, from `near_misses` of `GET /__admin/journal/{seq}` (decision 062's trace): each with
 * the field that differed, what the entry wanted and what this request had, a link to the
 * entry's line in the scenario and to its counters (`#faults/fault-0`).
 */
import type { NearMissView } from '../../admin/counter-views.js'
import { entryId, fieldTest, lineLink } from './counters-panel.js'
import { h } from './dom.js'

export interface NearMissLinks {
  /** Opens the scenario's source at a line. */
  openFaultLine?(line: number): void
}

/** A value as the scenario would write it: numbers bare, texts (and key labels) quoted, `none` for no value. */
const value = (shown: unknown): string => (shown === null || shown === undefined ? 'none' : (JSON.stringify(shown) ?? String(shown)))

/** What the entry wanted and what the request (task) had, in words: `contains "stuck"` against `"a calm piano piece"`. */
export function diffOf(miss: Pick<NearMissView, 'part' | 'field' | 'wanted' | 'got'>): { wanted: string; got: string } {
  if (miss.field === 'first_match_wins') return { wanted: 'to apply first', got: `${miss.part}[${value(miss.got)}] applied first` }
  return { wanted: miss.field.startsWith('input.') ? fieldTest(miss.wanted) : value(miss.wanted), got: value(miss.got) }
}

/** The section; `misses` undefined: a fake before issue 39, which keeps no trace (nothing shown). */
export function nearMissesView(misses: readonly NearMissView[] | undefined, links: NearMissLinks): HTMLElement | null {
  if (misses === undefined) return null
  const title = h('h5', {}, 'Why not: faults and rules that almost applied')
  if (misses.length === 0) return h('div', { class: 'why-not' }, title, h('p', { class: 'muted' }, 'No fault or rule almost applied to this request.'))
  return h(
    'div',
    { class: 'why-not' },
    title,
    h(
      'ul',
      {},
      ...misses.map((miss) => {
        const id = entryId(miss.part, miss.index)
        const line = miss.line
        const { wanted, got } = diffOf(miss)
        return h(
          'li',
          { 'data-entry': id },
          h('p', {}, miss.message),
          h(
            'p',
            { class: 'diff' },
            h('span', { class: 'muted' }, 'differed: '),
            h('code', { 'data-field': '' }, miss.field),
            h('span', { class: 'muted' }, ' · wanted '),
            h('code', { class: 'wanted' }, wanted),
            h('span', { class: 'muted' }, ' · got '),
            h('code', { class: 'got' }, got),
            ' · ',
            h('a', { href: `#faults/${id}`, 'data-counters': id }, 'its counters'),
            line === null || links.openFaultLine === undefined
              ? null
              : h('span', {}, ' · ', lineLink(line, links.openFaultLine, { 'data-fault-line': line }, `line ${line}`)),
          ),
        )
      }),
    ),
  )
}
