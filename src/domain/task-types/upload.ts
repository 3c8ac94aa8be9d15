/** An upload task: one clip made from an audio file at a URL, which a later continuation may name. */
import type { Rng } from '../random.js'
import { clip, songName } from './output-kit.js'
import type { TaskTypeDefinition } from './task-type.js'

/** A file's name from its URL, without extension; a song name when there is none. */
function fileTitle(rng: Rng, url: unknown): string {
  if (typeof url !== 'string') return songName(rng)
  const last = url.split(/[?#]/, 1)[0]!.split('/').pop() ?? ''
  const name = decodeURIComponent(last.replace(/\.[a-z0-9]+$/i, '')).trim()
  return name === '' ? songName(rng) : name
}

export const upload = {
  name: 'upload',
  price: 1,
  label: 'upload',
  inputs: ({ z, httpUrl }) => ({ input: z.looseObject({ url: httpUrl }).describe('Input of an upload task.') }),
  generate: (rng, input) => [clip(rng, fileTitle(rng, input['url']), 30, 300)],
  output: ({ clip, inferred }) => ({
    entry: clip,
    description: inferred('output of a completed upload task: result holds one clip, which a continuation may name', 'timelines.<name>[].output'),
  }),
  examples: [
    {
      name: 'upload',
      summary: 'Upload',
      input: () => ({ url: 'https://example.com/audio/take-1.mp3' }),
      finished: { name: 'upload', summary: 'A successful upload task (output shape inferred)' },
    },
  ],
} as const satisfies TaskTypeDefinition
