/** A lyrics task: one song text with [Verse]/[Chorus] tags, written from a prompt. */
import type { Rng } from '../random.js'
import { songName, word } from './output-kit.js'
import type { TaskTypeDefinition } from './task-type.js'

/** Four to eight lorem words, the first capitalised, no final period. */
function loremLine(rng: Rng): string {
  const count = rng.int(4, 8)
  let line = word(rng)
  for (let i = 1; i < count; i++) line += ' ' + word(rng)
  return line.charAt(0).toUpperCase() + line.substring(1)
}

function lyricsText(rng: Rng): string {
  const verse = (): string => [loremLine(rng), loremLine(rng), loremLine(rng), loremLine(rng)].join('\n')
  const chorus = [loremLine(rng), loremLine(rng)].join('\n')
  return `[Verse]\n${verse()}\n\n[Chorus]\n${chorus}\n\n[Verse]\n${verse()}\n\n[Chorus]\n${chorus}`
}

export const lyrics = {
  name: 'lyrics',
  price: 5,
  label: 'lyrics',
  inputs: ({ z, text }) => ({ input: z.looseObject({ prompt: text('description of the wanted lyrics', 'prompt') }).describe('Input of a lyrics task.') }),
  limits: { prompt: { field: 'prompt', max: 3000, describes: 'input.prompt of a lyrics task' } },
  promptField: 'prompt',
  generate: (rng) => [{ id: rng.uuid(), title: songName(rng), text: lyricsText(rng) }],
  output: ({ z, inferred }) => ({
    entry: z
      .strictObject({
        id: z.string(),
        title: z.string(),
        text: z.string().describe('The lyrics, with [Verse]/[Chorus] tags'),
      })
      .describe(inferred('the result of a lyrics task is one {id, title, text}', 'timelines.<name>[].output')),
    entryName: 'LyricsEntry',
    description: inferred('output of a completed lyrics task: result holds one {id, title, text}', 'timelines.<name>[].output'),
  }),
  examples: [
    {
      name: 'lyrics',
      summary: 'Lyrics',
      input: ({ fit }) => ({ prompt: fit('a song about the sea', 'prompt') }),
      finished: { name: 'lyrics', summary: 'A successful lyrics task (output shape inferred)' },
    },
  ],
} as const satisfies TaskTypeDefinition
