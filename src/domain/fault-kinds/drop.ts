/** `drop: true`: the connection is closed without an answer (no task is created, nothing charged). */
import { faultKind } from './fault-kind.js'

export interface DropAction {
  drop: true
}

export const drop = faultKind({
  key: 'drop',
  actionKey: 'drop',
  schema: ({ z, expecting }) =>
    z
      .literal(true, { error: expecting('true') })
      .optional()
      .describe('Close the connection without an answer.'),
  example: true,
  compile: (): DropAction => ({ drop: true }),
  write: () => true as const,
  outcome: () => ({ drop: true }),
})
