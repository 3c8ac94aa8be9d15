/**
 * A recorded session → a scenario file that replays it: one timeline per task (timeline.ts),
 * a rule sending each key's nth task of a type to its timeline, and a fault at the position of
 * every request that met one (the key's nth request to that endpoint). Pure: the same session
 * always gives the same text.
 */
import { Document, isMap, isScalar, isSeq, type YAMLMap } from 'yaml'
import { formatDuration } from '../domain/duration.js'
import type { RecordedFault, Session } from './session.js'
import { timelineOf, type StepFile } from './timeline.js'

export interface WrittenScenario {
  /** The scenario file as plain data (what the YAML says). */
  file: Record<string, unknown>
  /** Comment lines above each timeline, by name. */
  notes: Map<string, string>
}

function faultFields(fault: RecordedFault): Record<string, unknown> {
  if ('respond' in fault) {
    const { status, message, headers } = fault.respond
    return { respond: { status, message, ...(headers !== undefined && Object.keys(headers).length > 0 && { headers: { ...headers } }) } }
  }
  if ('delayMs' in fault) return { delay: formatDuration(fault.delayMs) }
  return 'drop' in fault ? { drop: true } : { stale: true }
}

export function scenarioOf(session: Session): WrittenScenario {
  const timelines: Record<string, StepFile[]> = {}
  const notes = new Map<string, string>()
  const rules: Record<string, unknown>[] = []
  const ordinals = new Map<string, number>()
  session.tasks.forEach((task, index) => {
    const name = `task-${index + 1}`
    const written = timelineOf(task, session.openEndedMs)
    timelines[name] = written.steps
    notes.set(name, `${task.type} task ${task.sourceId} of ${task.key}: ${written.summary}`)
    const kind = `${task.key}\u0000${task.type}`
    const nth = (ordinals.get(kind) ?? 0) + 1
    ordinals.set(kind, nth)
    rules.push({ match: { api_key: task.key, task_type: task.type, nth }, timeline: name })
  })
  const faults: Record<string, unknown>[] = []
  const positions = new Map<string, number>()
  for (const request of session.requests) {
    if (!request.counted) continue
    const where = `${request.key}\u0000${request.endpoint}`
    const nth = (positions.get(where) ?? 0) + 1
    positions.set(where, nth)
    if (request.fault !== null) faults.push({ match: { endpoint: request.endpoint, api_key: request.key, nth }, ...faultFields(request.fault) })
  }
  const { clock } = session
  const file = {
    version: 1,
    name: session.name,
    description: session.description,
    seed: session.seed,
    clock: {
      mode: clock.mode,
      ...(clock.mode === 'auto' && { speed: clock.speed }),
      start: new Date(clock.start).toISOString(),
      ...(clock.mode === 'manual' && clock.tick !== undefined && { tick: formatDuration(clock.tick) }),
    },
    service: session.service,
    accounts: session.accounts.map((account) => ({ api_key: account.key, credits: account.credits })),
    timelines,
    rules,
    faults,
  }
  return { file, notes }
}

const comment = (text: string): string =>
  text
    .split('\n')
    .map((line) => ` ${line}`)
    .join('\n')

/** Small mappings on one line: steps, rules, faults, accounts, the clock. */
function flowItems(node: unknown, when: (item: YAMLMap) => boolean = () => true): void {
  if (!isSeq(node)) return
  for (const item of node.items) if (isMap(item) && when(item)) item.flow = true
}

export function writeScenario(session: Session): string {
  const { file, notes } = scenarioOf(session)
  const doc = new Document(file)
  doc.commentBefore = comment(session.header.join('\n'))
  const clock = doc.get('clock', true)
  if (isMap(clock)) clock.flow = true
  const service = doc.get('service', true)
  if (isMap(service)) for (const pair of service.items) if (isMap(pair.value)) pair.value.flow = true
  flowItems(doc.get('accounts', true))
  flowItems(doc.get('rules', true))
  flowItems(doc.get('faults', true))
  const timelines = doc.get('timelines', true)
  if (isMap(timelines)) {
    for (const pair of timelines.items) {
      flowItems(pair.value, (step) => !step.has('output'))
      const note = isScalar(pair.key) ? notes.get(String(pair.key.value)) : undefined
      if (note !== undefined && isScalar(pair.key)) pair.key.commentBefore = comment(note)
    }
  }
  session.accounts.forEach((account, index) => {
    const node = doc.getIn(['accounts', index], true)
    if (account.note !== undefined && isMap(node)) node.commentBefore = comment(account.note)
  })
  return doc.toString({ lineWidth: 0 })
}
