/**
 * The scenario text, made of pieces: the head (clock, service, accounts), one timeline and one
 * rule per task, one line per fault. A piece is rendered once and kept while what it shows is
 * unchanged (a task seen again, a fault at a new position), so rewriting the file of a long
 * session costs what changed plus joining strings, not a YAML rendering of everything. Each
 * piece is checked by the scenario loader's own validation (validateScenario) when rendered; a
 * task whose recorded output the loader refuses loses its output, and a piece that still would
 * not load is left out with a comment saying why, so the text always loads piece by piece.
 */
import { Document, isMap, isScalar, isSeq, type YAMLMap } from 'yaml'
import { validateScenario } from '../scenario/load.js'
import type { RequestRecord, Session, TaskHistory } from './session.js'
import type { StepFile } from './timeline.js'
import { inferRules } from './inferred-rules.js'
import { faultEntry, faultPositions, headOf, taskOrdinals, taskPiece } from './scenario-pieces.js'

export interface RenderedScenario {
  text: string
  /** What was left out or cut, and why (also written as comments in the text). */
  problems: string[]
}

interface Cached {
  stamp: string
  timeline: string
  rule: string
  problem: string | null
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

/** `value` under `key` as YAML, without the `key:` line: the lines of one piece of that section. */
function section(key: string, value: unknown, style: (doc: Document) => void): string {
  const doc = new Document({ [key]: value })
  style(doc)
  return doc.toString({ lineWidth: 0 }).slice(key.length + 2)
}

const problemOf = (what: string, value: unknown): string | null => {
  const checked = validateScenario(value)
  if (checked.ok) return null
  const first = checked.issues[0]!
  return `${what}: ${first.path.map(String).join('.')}: ${first.message}`
}

/** What a task's piece shows: it changes when a sighting is added or the task ends. */
const stampOf = (task: TaskHistory, index: number, nth: number, openEndedMs: number): string =>
  `${index}:${nth}:${task.seen.length}:${task.final === null ? '-' : task.final.status}:${openEndedMs}`

export class ScenarioWriter {
  readonly #tasks = new WeakMap<TaskHistory, Cached>()
  readonly #faults = new WeakMap<RequestRecord, { nth: number; text: string }>()
  /** Task pieces rendered so far (a measure of the work done: unchanged pieces are not rendered again). */
  piecesRendered = 0

  render(session: Session): RenderedScenario {
    const problems: string[] = []
    const ordinals = taskOrdinals(session.tasks)
    const timelines: string[] = []
    const rules: string[] = []
    session.tasks.forEach((task, index) => {
      const piece = this.#task(task, index, ordinals[index]!, session.openEndedMs)
      timelines.push(piece.timeline)
      rules.push(piece.rule)
      if (piece.problem !== null) problems.push(piece.problem)
    })
    const faults = faultPositions(session.requests).map(({ request, nth }) => this.#fault(request, nth))
    const head = this.#head(session)
    const join = (key: string, pieces: string[], empty: string): string => (pieces.length === 0 ? `${key}: ${empty}\n` : `${key}:\n${pieces.join('')}`)
    const alternatives = this.#inferred(session.tasks)
    const text = head + join('timelines', timelines, '{}') + join('rules', [...alternatives, ...rules], '[]') + join('faults', faults, '[]')
    return { text, problems }
  }

  #head(session: Session): string {
    const doc = new Document(headOf(session))
    doc.commentBefore = comment(session.header.join('\n'))
    const clock = doc.get('clock', true)
    if (isMap(clock)) clock.flow = true
    const service = doc.get('service', true)
    if (isMap(service)) for (const pair of service.items) if (isMap(pair.value)) pair.value.flow = true
    flowItems(doc.get('accounts', true))
    session.accounts.forEach((account, index) => {
      const node = doc.getIn(['accounts', index], true)
      if (account.note !== undefined && isMap(node)) node.commentBefore = comment(account.note)
    })
    return doc.toString({ lineWidth: 0 })
  }

  #task(task: TaskHistory, index: number, nth: number, openEndedMs: number): Cached {
    const stamp = stampOf(task, index, nth, openEndedMs)
    const cached = this.#tasks.get(task)
    if (cached?.stamp === stamp) return cached
    this.piecesRendered += 1
    const piece = taskPiece(task, index, nth, openEndedMs)
    const account = [{ api_key: task.key, credits: 0 }]
    const check = (steps: StepFile[]) => problemOf(piece.name, { version: 1, accounts: account, timelines: { [piece.name]: steps }, rules: [piece.rule] })
    let note = piece.note
    let steps = piece.steps
    // Only recorded values can be refused (outputs, errors); statuses and durations are the writer's own.
    const recorded = steps.some((step) => 'output' in step || 'error' in step)
    let problem = recorded ? check(steps) : null
    if (problem !== null) {
      // The recorded output is what the loader refuses most often: the replay generates its own instead.
      const bare = steps.map((step) => (step.status === 'success' ? { status: step.status } : step))
      if (check(bare) === null) {
        steps = bare
        note += `\nits output is not kept: ${problem.slice(piece.name.length + 2)}`
        problem = `${piece.name}: output not kept (${problem.slice(piece.name.length + 2)})`
      }
    }
    const fresh: Cached =
      problem !== null && steps === piece.steps
        ? { stamp, timeline: `  # ${piece.name} is left out: ${problem.replaceAll('\n', ' ')}\n`, rule: '', problem }
        : {
            stamp,
            problem,
            timeline: section('timelines', { [piece.name]: steps }, (doc) => {
              const timelines = doc.get('timelines', true)
              if (!isMap(timelines)) return
              for (const pair of timelines.items) {
                flowItems(pair.value, (step) => !step.has('output'))
                if (isScalar(pair.key)) pair.key.commentBefore = comment(note)
              }
            }),
            rule: section('rules', [piece.rule], (doc) => flowItems(doc.get('rules', true))),
          }
    this.#tasks.set(task, fresh)
    return fresh
  }

  /**
   * Rules inferred from inputs, commented out above the positional rules (first match wins, so
   * an uncommented one takes its tasks before their positional rules; those still count them).
   */
  #inferred(tasks: readonly TaskHistory[]): string[] {
    const names = tasks.map((_, index) => `task-${index + 1}`)
    return inferRules(tasks, names).map(({ rule, because }) => {
      const line = section('rules', [rule], (doc) => flowItems(doc.get('rules', true)))
      const commented = line
        .trimEnd()
        .split('\n')
        .map((text) => `  # ${text.slice(2)}`)
        .join('\n')
      const why = `${because}\nTo replay by that cause instead of by position, uncomment the rule below (it takes those tasks first):`
      return `${comment(why)
        .split('\n')
        .map((text) => `  #${text}`)
        .join('\n')}\n${commented}\n`
    })
  }

  #fault(request: RequestRecord, nth: number): string {
    const cached = this.#faults.get(request)
    if (cached?.nth === nth) return cached.text
    const entry = faultEntry(request, nth)
    const problem = problemOf(`fault ${nth} of ${request.key} on ${request.endpoint}`, {
      version: 1,
      accounts: [{ api_key: request.key, credits: 0 }],
      faults: [entry],
    })
    const text = problem === null ? section('faults', [entry], (doc) => flowItems(doc.get('faults', true))) : `  # left out: ${problem.replaceAll('\n', ' ')}\n`
    this.#faults.set(request, { nth, text })
    return text
  }
}
