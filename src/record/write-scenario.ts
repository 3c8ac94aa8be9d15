/**
 * A recorded session → a scenario file that replays it: one timeline per task (timeline.ts),
 * a rule sending each key's nth task of a type to its timeline, and a fault at the position of
 * every request that met one (the key's nth request to that endpoint). Pure: the same session
 * always gives the same text. The text is made by scenario-writer.ts, piece by piece.
 */
import type { Session } from './session.js'
import type { StepFile } from './timeline.js'
import { faultEntry, faultPositions, headOf, taskOrdinals, taskPiece } from './scenario-pieces.js'
import { ScenarioWriter } from './scenario-writer.js'

export interface WrittenScenario {
  /** The scenario file as plain data (what the YAML says). */
  file: Record<string, unknown>
  /** Comment lines above each timeline, by name. */
  notes: Map<string, string>
}

export function scenarioOf(session: Session): WrittenScenario {
  const timelines: Record<string, StepFile[]> = {}
  const notes = new Map<string, string>()
  const rules: Record<string, unknown>[] = []
  const ordinals = taskOrdinals(session.tasks)
  session.tasks.forEach((task, index) => {
    const piece = taskPiece(task, index, ordinals[index]!, session.openEndedMs)
    timelines[piece.name] = piece.steps
    notes.set(piece.name, piece.note)
    rules.push(piece.rule)
  })
  const faults = faultPositions(session.requests).map(({ request, nth }) => faultEntry(request, nth))
  return { file: { ...headOf(session), timelines, rules, faults }, notes }
}

/** The file's text (a piece the loader would refuse is left out with a comment saying why: see ScenarioWriter). */
export function writeScenario(session: Session): string {
  return new ScenarioWriter().render(session).text
}
