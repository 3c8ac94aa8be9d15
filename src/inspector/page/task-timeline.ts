/**
 * One task's life as a bar of segments, one per timeline step: done, the one it is in now (with
 * how far along: reads of `polls`, time of `for`), and those it has not reached. When the task
 * ended other than its timeline says (forced, or timed out at its deadline), the step it was in
 * is drawn cut and the actual end is added after it, so the bar shows what happened, not the plan.
 */
import type { StepView, TaskView } from '../../admin/views.js'
import { clockTime, duration, h } from './dom.js'

const FINAL = new Set(['success', 'failure', 'timeout'])

function stepLabel(step: StepView): string {
  const moves = [step.polls === null ? null : `${step.polls} read${step.polls === 1 ? '' : 's'}`, step.for_ms === null ? null : duration(step.for_ms)]
  const by = moves.filter((move) => move !== null).join(' or ')
  return by === '' ? step.status : `${step.status} · ${by}`
}

/** How far along the current step is, 0..1, by reads or by time, whichever is further. */
function progressOf(step: StepView, task: TaskView, now: number): number {
  const byReads = step.polls === null || step.polls === 0 ? 0 : task.position.reads / step.polls
  const byTime = step.for_ms === null || step.for_ms === 0 ? 0 : (now - Date.parse(task.position.entered_at)) / step.for_ms
  return Math.max(0, Math.min(1, Math.max(byReads, byTime)))
}

export function timeline(task: TaskView, now: number): HTMLElement {
  const final = FINAL.has(task.status)
  const at = task.position.step
  const scripted = task.steps[at]
  const endedOffScript = final && scripted !== undefined && scripted.status !== task.status
  const segments = task.steps.map((step, index) => {
    let state = index < at ? 'done' : index === at ? (final ? (endedOffScript ? 'cut' : 'end') : 'now') : final ? 'skipped' : 'ahead'
    if (state === 'end' && index !== task.steps.length - 1) state = 'cut'
    const segment = h(
      'div',
      { class: `segment s-${step.status} ${state}`, title: `${stepLabel(step)}${step.error === null ? '' : `: ${step.error}`} (${state})` },
      h('span', { class: 'label' }, stepLabel(step)),
    )
    if (state === 'now') {
      const fill = h('div', { class: 'progress' })
      fill.style.width = `${Math.round(progressOf(step, task, now) * 100)}%`
      segment.prepend(fill)
      segment.append(h('span', { class: 'marker', 'aria-label': 'now' }, '▲'))
    }
    return segment
  })
  if (endedOffScript) {
    const why = task.completed_at !== null && task.deadline !== null && task.status === 'timeout' && task.completed_at >= task.deadline ? 'deadline' : 'forced'
    segments.splice(
      at + 1,
      0,
      h(
        'div',
        { class: `segment s-${task.status} end actual`, title: `ended ${task.status} (${why})` },
        h('span', { class: 'label' }, `${task.status} · ${why}`),
      ),
    )
  }
  return h('div', { class: 'timeline', 'data-task': task.task_id }, ...segments)
}

const ordinal = (n: number): string =>
  `${n}${n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th'}`

/** What moves the task next, in words: `→ running on the 1st read from now · or → timeout at 00:10:00.000 (in 9m 55s)`. */
export function nextMove(task: TaskView, now: number): string {
  const next = task.next_transition
  if (next === null) return task.completed_at === null ? 'final' : `final at ${clockTime(task.completed_at)}`
  const parts: string[] = []
  if (next.by_reads !== null) parts.push(`→ ${next.by_reads.status} on the ${ordinal(next.by_reads.after)} read from now`)
  if (next.by_time !== null) {
    const wait = Date.parse(next.by_time.at) - now
    parts.push(`→ ${next.by_time.status} at ${clockTime(next.by_time.at)}${wait > 0 ? ` (in ${duration(wait)})` : ''}`)
  }
  return parts.length === 0 ? 'waits (nothing moves it)' : parts.join(' · or ')
}
