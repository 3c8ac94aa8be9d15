/** Steps and timelines: the life of a task, as data. */
import * as z from '../zod.js'
import { describeValue } from './messages.js'
import { duration, expecting, positiveInt } from './fields.js'

const pendingOrRunning = z
  .strictObject({
    status: z.enum(['pending', 'running']).describe('Status the task reports while in this step.'),
    polls: positiveInt().optional().describe('Leave this step after this many reads of the task by its owner (each read first advances, then answers).'),
    for: duration().optional().describe('Leave this step after this much clock time, e.g. 5s (at most 87600h). With polls too, whichever comes first.'),
    progress: z
      .string({ error: expecting('a string such as "42%"') })
      .optional()
      .describe('Progress text the task reports in this step, e.g. "42%".'),
  })
  .meta({
    description: 'A step that is not final. It needs polls, for, or both, to say when it ends.',
    anyOf: [{ required: ['polls'] }, { required: ['for'] }],
  })

const success = z
  .strictObject({
    status: z.literal('success').describe('The task succeeds; its credits are charged.'),
    output: z
      .record(z.string(), z.unknown(), { error: expecting('a mapping of output fields') })
      .optional()
      .describe('Merged over the generated output: mappings key by key, lists entry by entry; anything else replaces.'),
  })
  .describe('Final step: the task succeeds with a generated output.')

const failure = z
  .strictObject({
    status: z.literal('failure').describe('The task fails; its credits are refunded.'),
    error: z
      .string({
        error: (issue) =>
          issue.input === undefined
            ? 'missing required key "error": a failure step needs the error message its task reports'
            : `expected an error message (a string), got ${describeValue(issue.input)}`,
      })
      .describe('The error message the failed task reports.'),
  })
  .describe('Final step: the task fails with an error message.')

const timeout = z
  .strictObject({ status: z.literal('timeout').describe('The task times out; its credits are refunded.') })
  .describe('Final step: the task times out.')

export const stepSchema = z.discriminatedUnion('status', [pendingOrRunning, success, failure, timeout]).meta({
  id: 'Step',
  description: 'One step of a timeline. Only the last step may be final (success, failure or timeout), and it must be.',
})

export const timelineSchema = z
  .array(stepSchema, { error: expecting('a list of steps') })
  .min(1, { error: 'expected at least one step, got an empty list; the last step must be final (success, failure or timeout)' })
  .describe('Steps a task goes through, in order; the last one is final (success, failure or timeout).')

export const timelineRefSchema = z
  .union([z.string(), timelineSchema], { error: expecting('a timeline name or a list of steps') })
  .describe('The name of a timeline under `timelines`, or a list of steps written in place.')
