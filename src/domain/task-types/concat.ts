/** A concat task: one merged, full-length clip from a clip the account received. */
import { clip, songName } from './output-kit.js'
import type { TaskTypeDefinition } from './task-type.js'

export const concat = {
  name: 'concat',
  price: 5,
  label: 'concat',
  inputs: ({ z, id }) => ({ input: z.looseObject({ clip_id: id('a clip id from the result of an earlier music task') }).describe('Input of a concat task.') }),
  clipOf: (input) => String(input['clip_id']),
  generate: (rng) => [clip(rng, songName(rng), 180, 480)],
  output: ({ clip, inferred }) => ({
    entry: clip,
    description: inferred('output of a completed concat task: result holds one merged, full-length clip', 'timelines.<name>[].output'),
  }),
  examples: [
    {
      name: 'concat',
      summary: 'Concat',
      input: ({ clip }) => ({ clip_id: clip }),
      finished: { name: 'concat', summary: 'A successful concat task (output shape inferred)' },
    },
  ],
} as const satisfies TaskTypeDefinition
