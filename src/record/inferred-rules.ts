/**
 * Rules the recorder can infer from inputs: when every finished task whose prompt had the same
 * text failed with the same error (at least two of them), "that prompt fails" explains the
 * session better than "the 2nd and 5th music tasks fail". Such a rule is offered as a commented
 * alternative above the positional rules, never written live: two sightings are evidence, not
 * proof, and the positional rules replay the session exactly. Pure.
 */
import type { TaskHistory } from './session.js'

/** Prompts (a type's `promptField`, src/domain/task-types/) longer than this are not compared. */
export const MAX_INFERRED_PROMPT = 1_000

export interface InferredRule {
  rule: Record<string, unknown>
  /** The comment above it: what was seen. */
  because: string
}

/** One rule per prompt text whose finished tasks (at least two) all failed with one error; `names` are the tasks' timeline names, in order. */
export function inferRules(tasks: readonly TaskHistory[], names: readonly string[]): InferredRule[] {
  const groups = new Map<string, number[]>()
  tasks.forEach((task, index) => {
    if (task.prompt === undefined) return
    const group = `${task.type}\u0000${task.prompt.field}\u0000${task.prompt.text}`
    const list = groups.get(group)
    if (list === undefined) groups.set(group, [index])
    else list.push(index)
  })
  const inferred: InferredRule[] = []
  for (const indices of groups.values()) {
    const finished = indices.filter((index) => tasks[index]!.final !== null)
    if (finished.length < 2) continue
    const errors = new Set(finished.map((index) => (tasks[index]!.final!.status === 'failure' ? tasks[index]!.final!.error : null)))
    const error = [...errors][0]
    if (errors.size !== 1 || error === null || error === undefined) continue
    const first = tasks[indices[0]!]!
    const { field, text } = first.prompt!
    inferred.push({
      rule: { match: { task_type: first.type, input: { [field]: { equals: text } } }, timeline: names[indices[0]!]! },
      because: `Inferred from inputs: the ${finished.length} ${first.type} tasks whose ${field} was ${JSON.stringify(text)} (${finished.map((index) => names[index]).join(', ')}) all failed with ${JSON.stringify(error)}.`,
    })
  }
  return inferred
}
