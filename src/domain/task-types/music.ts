/**
 * A music task: two clips of one song. Its input comes in one of three modes, chosen by which
 * fields are sent (description, the spec's; custom and continuation, inferred), each with its
 * own schema; `input.mv` names the model version.
 */
import type { InputKit } from './input-kit.js'
import { clip, songName } from './output-kit.js'
import type { TaskTypeDefinition } from './task-type.js'

export const MUSIC_MODES = ['description', 'custom', 'continuation'] as const
export type MusicMode = (typeof MUSIC_MODES)[number]

/** Fields that select the custom mode. */
const CUSTOM_FIELDS = ['prompt', 'tags', 'negative_tags', 'title'] as const

/** The music mode the input selects, or a message when it mixes modes. */
export function musicMode(input: Readonly<Record<string, unknown>>): MusicMode | { conflict: string } {
  if (Object.hasOwn(input, 'continue_clip_id')) {
    if (Object.hasOwn(input, 'gpt_description_prompt')) {
      return { conflict: 'input.gpt_description_prompt: not allowed with input.continue_clip_id (description mode vs continuation mode)' }
    }
    return 'continuation'
  }
  const custom = CUSTOM_FIELDS.find((field) => Object.hasOwn(input, field))
  if (custom !== undefined) {
    if (Object.hasOwn(input, 'gpt_description_prompt')) {
      return { conflict: `input.gpt_description_prompt: not allowed with input.${custom} (description mode vs custom mode)` }
    }
    return 'custom'
  }
  return 'description'
}

function inputs({ z, inferred, text, field, id, version: mv, kindOf }: InputKit) {
  const instrumental = z
    .boolean({ error: (issue) => `expected true or false, got ${kindOf(issue.input)}` })
    .optional()
    .describe('true produces music without vocals (default false)')
  return {
    description: z
      .looseObject({ gpt_description_prompt: text('description of the wanted music', 'gpt_description_prompt'), make_instrumental: instrumental, mv })
      .describe("Music, description mode (the spec's): lyrics, melody and arrangement are derived from gpt_description_prompt."),
    custom: z
      .looseObject({
        prompt: field('lyrics, with [Verse]/[Chorus] tags; required unless make_instrumental is true', 'lyrics_prompt'),
        tags: field('style tags', 'tags'),
        negative_tags: field('styles to avoid', 'negative_tags'),
        title: field('song title', 'title'),
        make_instrumental: instrumental,
        mv,
      })
      .describe(inferred('music, custom mode, chosen when prompt, tags, negative_tags or title is sent: your own lyrics (prompt) and style (tags)')),
    continuation: z
      .looseObject({
        continue_clip_id: id('the clip to continue'),
        continue_at: z
          .number({ error: (issue) => `expected a number of seconds, got ${kindOf(issue.input)}` })
          .min(0, { error: 'must be 0 or more seconds' })
          .optional()
          .describe('Second of the clip at which the continuation starts'),
        prompt: field('lyrics of the continuation', 'lyrics_prompt'),
        tags: field('style tags', 'tags'),
        negative_tags: field('styles to avoid', 'negative_tags'),
        title: field('song title', 'title'),
        make_instrumental: instrumental,
        mv,
      })
      .describe(inferred('music, continuation mode, chosen when continue_clip_id is sent: extends an earlier clip from continue_at')),
  }
}

/**
 * The three modes as the document shows them, mutually exclusive as the service decides them:
 * continue_clip_id selects continuation; otherwise any custom field selects custom; otherwise
 * description. Custom mode needs lyrics (prompt) unless make_instrumental is true, and then one of
 * its own fields to be chosen at all.
 */
function documented(modes: ReturnType<typeof inputs>, { z, inferred }: InputKit) {
  /** A key that must be absent: how the document says which fields select another mode. */
  const absent = z.never().optional()
  const without = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((key) => [key, absent])) as Record<K, typeof absent>
  const fields = modes.custom.shape
  const custom = modes.custom.extend(without(['continue_clip_id', 'gpt_description_prompt']))
  const instrumental = (['tags', 'negative_tags', 'title'] as const).map((key) =>
    custom.extend({ make_instrumental: z.literal(true), [key]: fields[key].unwrap() }).describe(`Instrumental, custom mode chosen by ${key}`),
  )
  // extend() makes new schemas: they keep the fields' descriptions, not the object's.
  const description = modes.description.extend(without(['continue_clip_id', ...CUSTOM_FIELDS])).describe(modes.description.description!)
  const customs = z.union([custom.extend({ prompt: fields.prompt.unwrap() }).describe('With lyrics'), ...instrumental]).describe(modes.custom.description!)
  const continuation = modes.continuation.extend(without(['gpt_description_prompt'])).describe(modes.continuation.description!)
  const input = z
    .xor([description, customs, continuation])
    .describe(`Input of a music task, in exactly one of three modes chosen by which fields are sent. ${inferred('the custom and continuation modes')}`)
  const parts = [
    ['MusicDescriptionInput', description],
    ['MusicCustomInput', customs],
    ['MusicContinuationInput', continuation],
  ] as const
  return { input, parts }
}

export const music = {
  name: 'music',
  price: 10,
  label: 'music',
  inputs,
  modes: MUSIC_MODES,
  mode: musicMode,
  limits: {
    gpt_description_prompt: { field: 'gpt_description_prompt', max: 500, describes: 'input.gpt_description_prompt' },
    lyrics_prompt: { field: 'prompt', max: 3000, describes: 'input.prompt (the lyrics) of a custom music task' },
    tags: { field: 'tags', max: 200, describes: 'input.tags' },
    negative_tags: { field: 'negative_tags', max: 200, describes: 'input.negative_tags' },
    title: { field: 'title', max: 80, describes: 'input.title' },
  },
  check: (input, mode) =>
    mode === 'custom' && input['make_instrumental'] !== true && !Object.hasOwn(input, 'prompt')
      ? 'input.prompt: required in custom mode unless input.make_instrumental is true (lyrics, with [Verse]/[Chorus] tags)'
      : null,
  document: (modes, kit) => documented(modes as ReturnType<typeof inputs>, kit),
  versioned: true,
  clipOf: (input, mode) => (mode === 'continuation' ? String(input['continue_clip_id']) : null),
  promptField: 'gpt_description_prompt',
  generate(rng, input) {
    const title = typeof input['title'] === 'string' && input['title'] !== '' ? input['title'] : songName(rng)
    return [clip(rng, title, 120, 240), clip(rng, title, 120, 240)]
  },
  output: ({ clip, inferred }) => ({
    entry: clip,
    description: `Output of a completed music task, as the spec shows it. ${inferred('result holds two clips of 2 to 4 minutes', 'timelines.<name>[].output')}`,
  }),
  examples: [
    {
      name: 'music',
      summary: 'Music, description mode',
      input: ({ fit }) => ({ gpt_description_prompt: fit('a calm lofi beat for studying', 'gpt_description_prompt') }),
      finished: { name: 'music', summary: 'A successful music task: two clips' },
    },
    {
      name: 'music-custom',
      summary: 'Music, custom mode: own lyrics and style (inferred)',
      input: ({ fit, defaultVersion }) => ({
        prompt: fit('[Verse]\nRain on the window, coffee gone cold\n[Chorus]\nStay a little longer', 'lyrics_prompt'),
        tags: fit('lofi, piano', 'tags'),
        title: fit('Rainy Window', 'title'),
        mv: defaultVersion,
      }),
    },
    {
      name: 'music-instrumental',
      summary: 'Music, custom mode, instrumental (inferred)',
      input: ({ fit }) => ({ tags: fit('ambient, synth pads', 'tags'), make_instrumental: true }),
    },
    { name: 'music-continuation', summary: 'Music, continuation mode (inferred)', input: ({ clip }) => ({ continue_clip_id: clip, continue_at: 60 }) },
  ],
} as const satisfies TaskTypeDefinition
