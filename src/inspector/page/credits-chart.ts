/**
 * An account's ledger over its credit events as an SVG chart: available, frozen and spent as
 * step lines, and each event as a mark (freeze ▼, charge ●, refund ▲, top-up ◆) at the step it
 * caused, so a refund is seen where frozen credits flow back to available. The x axis is the
 * event order, not clock time: on a manual clock most events share a few instants.
 * Hand-written (decision 024): three lines and a few marks do not need a charting library.
 */
import type { AccountView } from '../../admin/views.js'
import { clockTime, svg } from './dom.js'

export type LedgerEvent = AccountView['events'][number]

export interface Balance {
  available: number
  frozen: number
  spent: number
}

/** The balance after each event, replayed from zero (the same arithmetic as the ledger). */
export function balances(events: readonly LedgerEvent[]): Balance[] {
  let at: Balance = { available: 0, frozen: 0, spent: 0 }
  return events.map((event) => {
    const { available, frozen, spent } = at
    const c = event.credits
    at =
      event.kind === 'top_up'
        ? { available: available + c, frozen, spent }
        : event.kind === 'freeze'
          ? { available: available - c, frozen: frozen + c, spent }
          : event.kind === 'charge'
            ? { available, frozen: frozen - c, spent: spent + c }
            : { available: available + c, frozen: frozen - c, spent }
    return at
  })
}

const SERIES = [
  ['available', '#2f9e44'],
  ['frozen', '#e8a317'],
  ['spent', '#3b6fd8'],
] as const

const MARKS: Record<LedgerEvent['kind'], { shape: string; color: string; series: keyof Balance }> = {
  top_up: { shape: '◆', color: '#2f9e44', series: 'available' },
  freeze: { shape: '▼', color: '#e8a317', series: 'frozen' },
  charge: { shape: '●', color: '#3b6fd8', series: 'spent' },
  refund: { shape: '▲', color: '#c92a2a', series: 'available' },
}

const W = 880
const H = 240
const PAD = { left: 56, right: 16, top: 16, bottom: 34 }

/** The chart of `events[from..to)`, with `after` the balances of all events (from `balances`). */
export function creditsChart(events: readonly LedgerEvent[], after: readonly Balance[], from: number, to: number): SVGElement {
  const shown = to - from
  const before: Balance = from === 0 ? { available: 0, frozen: 0, spent: 0 } : after[from - 1]!
  const max = Math.max(1, ...[before, ...after.slice(from, to)].flatMap((b) => [b.available, b.frozen, b.spent]))
  const x = (index: number) => PAD.left + ((index - from + 0.5) / Math.max(1, shown)) * (W - PAD.left - PAD.right)
  const y = (value: number) => PAD.top + (1 - value / max) * (H - PAD.top - PAD.bottom)
  const chart = svg('svg', { viewBox: `0 0 ${W} ${H}`, class: 'chart', role: 'img', 'aria-label': 'credits over events' })
  for (const tick of [0, 0.5, 1]) {
    const value = Math.round(max * tick)
    chart.append(
      svg('line', { x1: PAD.left, x2: W - PAD.right, y1: y(value), y2: y(value), class: 'grid' }),
      svg('text', { x: PAD.left - 6, y: y(value) + 4, 'text-anchor': 'end', class: 'axis' }, String(value)),
    )
  }
  // Each line starts at the balance before the window, steps at every event, and runs on to the right edge.
  for (const [name, color] of SERIES) {
    let path = `M${PAD.left},${y(before[name])}`
    for (let index = from; index < to; index++) path += `H${x(index)}V${y(after[index]![name])}`
    chart.append(svg('path', { d: `${path}H${W - PAD.right}`, stroke: color, class: `line ${name}`, fill: 'none' }))
  }
  const labelled = shown <= 60
  for (let index = from; index < to; index++) {
    const event = events[index]!
    const mark = MARKS[event.kind]
    const value = after[index]![mark.series]
    const title = `${event.kind} ${event.credits}${event.task_id === null ? '' : ` · task ${event.task_id}`} · ${clockTime(event.at)}`
    chart.append(
      svg(
        'text',
        { x: x(index), y: y(value) + 4, 'text-anchor': 'middle', fill: mark.color, class: `mark ${event.kind}`, 'data-kind': event.kind },
        svg('title', {}, title),
        mark.shape,
      ),
    )
    if (event.kind === 'refund' && labelled) {
      chart.append(svg('text', { x: x(index), y: y(value) - 9, 'text-anchor': 'middle', class: 'refund-label' }, `refund +${event.credits}`))
    }
  }
  if (shown > 0) {
    chart.append(
      svg('text', { x: PAD.left, y: H - 10, class: 'axis' }, `#${from + 1} · ${clockTime(events[from]!.at)}`),
      svg('text', { x: W - PAD.right, y: H - 10, 'text-anchor': 'end', class: 'axis' }, `#${to} · ${clockTime(events[to - 1]!.at)}`),
    )
  }
  return chart
}

export function legend(): SVGElement {
  const items = [
    ...SERIES.map(([name, color]) => ({ name, color, shape: '—' })),
    ...Object.entries(MARKS).map(([name, mark]) => ({ name: name.replace('_', '-'), color: mark.color, shape: mark.shape })),
  ]
  const chart = svg('svg', { viewBox: `0 0 ${items.length * 100} 20`, class: 'legend', 'aria-hidden': 'true' })
  items.forEach((item, index) => chart.append(svg('text', { x: index * 100 + 4, y: 15, fill: item.color, class: 'legend-item' }, `${item.shape} ${item.name}`)))
  return chart
}
