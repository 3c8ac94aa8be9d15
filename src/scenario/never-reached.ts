/**
 * More warnings for what a valid scenario says but can never happen (issue 39, each confirmed
 * against a running fake): a step `service.timeout_after` always cuts off, a fault of
 * `probability: 0`, a usage fault with `task_type` (usage has none), a music rule of one mode
 * testing a field of another mode (such a create takes the other mode, or is a 400), and a rule
 * for a key whose credits never cover the price (its creates are 402s before any rule is read).
 * never-fires.ts gathers them with the others.
 */
import * as z from '../zod.js'
import { parseDuration, formatDuration } from '../domain/duration.js'
import { inputKit } from '../domain/task-types/input-kit.js'
import { TASK_TYPE_LIST, TASK_TYPES } from '../domain/task-types/index.js'
import { DEFAULT_LIMITS, DEFAULT_VERSION, DEFAULT_VERSIONS } from './defaults.js'
import type { Issue } from './messages.js'
import type { ScenarioFile } from './schema.js'
import { quoteList } from './suggest.js'

type Path = PropertyKey[]
type Steps = NonNullable<ScenarioFile['timelines']>[string]

const warning = (path: Path, message: string, at: 'key' | 'value' = 'value'): Issue => ({ path, message, at })
const quote = (text: string) => JSON.stringify(text)

/** Every timeline of the file with where it is: named ones, and those written in rules. */
function timelinesOf(file: ScenarioFile): Array<{ path: Path; steps: Steps }> {
  const found: Array<{ path: Path; steps: Steps }> = Object.entries(file.timelines ?? {}).map(([name, steps]) => ({ path: ['timelines', name], steps }))
  for (const [index, rule] of (file.rules ?? []).entries()) {
    if (Array.isArray(rule.timeline)) found.push({ path: ['rules', index, 'timeline'], steps: rule.timeline })
    for (const [choice, { timeline }] of (rule.one_of ?? []).entries()) {
      if (Array.isArray(timeline)) found.push({ path: ['rules', index, 'one_of', choice, 'timeline'], steps: timeline })
    }
  }
  return found
}

/** The first step of each timeline that `timeout_after` always ends the task before: the steps before it last at least that long. */
function cutByTimeout(file: ScenarioFile): Issue[] {
  const limit = file.service?.timeout_after === null ? null : parseDuration(file.service?.timeout_after ?? '')
  if (limit === null) return []
  return timelinesOf(file).flatMap(({ path, steps }) => {
    let earliest = 0 // the soonest a task can leave the steps so far: by time alone (a step with polls can be left at once)
    for (const [index, step] of steps.entries()) {
      // A final timeout cut off by timeout_after ends the same way: the timeline says so on purpose.
      if (index > 0 && earliest >= limit && step.status !== 'timeout') {
        const what = step.status === 'success' || step.status === 'failure' ? `its ${step.status}` : 'this step'
        const message =
          `service.timeout_after (${formatDuration(limit)}) always ends the task first: the steps before this one last at least ` +
          `${formatDuration(earliest)} (their for, with no polls to leave sooner), so every task of this timeline times out and ${what} can never run (end it with { status: timeout } if that is meant)`
        return [warning([...path, index], message)]
      }
      if (step.status !== 'pending' && step.status !== 'running') return []
      earliest += step.polls !== undefined ? 0 : (parseDuration(step.for ?? '') ?? 0)
    }
    return []
  })
}

function probabilityZero(file: ScenarioFile): Issue[] {
  return (file.faults ?? []).flatMap((fault, index) =>
    fault.match?.probability === 0 ? [warning(['faults', index, 'match', 'probability'], 'probability 0: no draw is under it; this fault can never fire')] : [],
  )
}

function usageWithTaskType(file: ScenarioFile): Issue[] {
  return (file.faults ?? []).flatMap((fault, index) =>
    fault.match?.endpoint === 'usage' && fault.match.task_type !== undefined
      ? [
          warning(
            ['faults', index, 'match', 'task_type'],
            'a usage request is about no task, so it has no task type; a usage fault with task_type can never fire',
          ),
        ]
      : [],
  )
}

let modeFields: Record<string, readonly string[]> | undefined
/** The input fields of each music mode (src/domain/task-types/music.ts), built once. */
function fieldsByMode(): Record<string, readonly string[]> {
  const kit = inputKit({ z, inferred: (statement) => statement }, { limits: DEFAULT_LIMITS, versions: DEFAULT_VERSIONS, defaultVersion: DEFAULT_VERSION })
  const music = TASK_TYPE_LIST.find((type) => type.name === 'music')!
  return (modeFields ??= Object.fromEntries(Object.entries(music.inputs(kit)).map(([mode, schema]) => [mode, Object.keys(schema.shape)])))
}

/** A rule for one music mode that tests, as present, a field only other modes have: sending it picks another mode, or is a 400. */
function otherModesField(file: ScenarioFile): Issue[] {
  return (file.rules ?? []).flatMap((rule, index) => {
    const mode = rule.match?.mode
    if (mode === undefined) return []
    const byMode = fieldsByMode()
    const own = byMode[mode] ?? []
    const anyMode = new Set(Object.values(byMode).flat())
    return Object.entries(rule.match?.input ?? {}).flatMap(([field, test]) => {
      const present = !('exists' in test) || test.exists
      if (!present || own.includes(field) || !anyMode.has(field)) return []
      const modes = Object.keys(byMode).filter((other) => byMode[other]!.includes(field))
      const message =
        `a music task in ${mode} mode has no input field ${quote(field)} (its fields: ${quoteList(own)}); a create that sends it is in ` +
        `${modes.join(' or ')} mode, or a 400 when it mixes modes, so this rule can never fire`
      return [warning(['rules', index, 'match', 'input', field], message, 'key')]
    })
  })
}

/** A rule for a key whose opening credits are below every price it could pay: its creates answer 402 before any rule. */
function neverAffordable(file: ScenarioFile, runtimeKeys: readonly string[]): Issue[] {
  if (runtimeKeys.includes('*')) return []
  const prices = file.service?.prices
  return (file.rules ?? []).flatMap((rule, index) => {
    const key = rule.match?.api_key
    const account = (file.accounts ?? []).find((candidate) => candidate.api_key === key)
    if (key === undefined || account === undefined || runtimeKeys.includes(key) || prices === undefined) return []
    const types = rule.match?.task_type === undefined ? TASK_TYPES : [rule.match.task_type]
    const cheapest = Math.min(...types.map((type) => prices[type]))
    if (account.credits >= cheapest) return []
    const what = types.length === 1 ? `a ${types[0]} task costs (${cheapest})` : `the cheapest task costs (${cheapest})`
    const message =
      `${quote(key)} opens with ${account.credits} credits, less than ${what}: its creates answer 402 before any rule is read, so this rule ` +
      `can never fire unless the account is topped up at run time (then tell check: --runtime-key ${key})`
    return [warning(['rules', index, 'match', 'api_key'], message)]
  })
}

export function neverReached(file: ScenarioFile, runtimeKeys: readonly string[]): Issue[] {
  return [...cutByTimeout(file), ...probabilityZero(file), ...usageWithTaskType(file), ...otherModesField(file), ...neverAffordable(file, runtimeKeys)]
}
