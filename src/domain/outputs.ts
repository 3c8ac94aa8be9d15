/**
 * Outputs of finished tasks, drawn with the fake's own seeded generator (random.ts) from faker's
 * English data (song names, lorem words), so the same (scenario seed, api key, task ordinal)
 * always yields the same output (decision 039). Faker's instance is only read, never seeded or
 * drawn from: an in-process user who seeds faker for their own data keeps their sequence.
 *
 * Asset URLs are stored as paths (`/assets/...`) and made absolute when a response is
 * rendered, with the origin the client used: the fake serves these files itself.
 */
// The English build only: the package's main entry loads every locale (~140 ms at start-up, measured).
import { faker } from '@faker-js/faker/locale/en'
import { createRng, deriveSeed, type Rng } from './random.js'
import type { MusicMode, TaskType } from './types.js'

export interface Clip {
  id: string
  audio_url: string
  image_url: string
  title: string
  duration: number
}

export interface TaskOutput {
  taskType: TaskType
  taskId: string
  status: 'completed'
  progress: '100%'
  failReason: null
  result: unknown[]
  [key: string]: unknown
}

export interface OutputRequest {
  seed: number
  type: TaskType
  mode: MusicMode | null
  input: Readonly<Record<string, unknown>>
}

export const audioPath = (clipId: string): string => `/assets/audio/${clipId}.wav`
export const imagePath = (clipId: string): string => `/assets/image/${clipId}.png`

interface Lists {
  songNames: readonly string[]
  words: readonly string[]
}
/**
 * Faker's lists, read at the first output, not at import: the CLI loads faker only when one of
 * its exports is first read, so a start that serves no finished task never pays for it.
 */
let lists: Lists | undefined
const listsOf = (): Lists => (lists ??= { songNames: faker.definitions.music.song_name, words: faker.definitions.lorem.word })

const pick = (rng: Rng, list: readonly string[]): string => list[Math.floor(rng.next() * list.length)]!

/** An output's generator: a stream of its own, apart from the one the task's timeline choice draws from. */
const outputRng = (seed: number): Rng => createRng(deriveSeed(seed, 'output'))

function clip(rng: Rng, title: string, minSeconds: number, maxSeconds: number): Clip {
  const id = rng.uuid()
  // Seconds with two decimals, evenly over [min, max].
  const duration = rng.int(minSeconds * 100, maxSeconds * 100) / 100
  return { id, audio_url: audioPath(id), image_url: imagePath(id), title, duration }
}

function songTitle(rng: Rng, input: Readonly<Record<string, unknown>>): string {
  return typeof input['title'] === 'string' && input['title'] !== '' ? input['title'] : pick(rng, listsOf().songNames)
}

/** Four to eight lorem words, the first capitalised, no final period. */
function loremLine(rng: Rng): string {
  const { words } = listsOf()
  const count = rng.int(4, 8)
  let line = pick(rng, words)
  for (let i = 1; i < count; i++) line += ' ' + pick(rng, words)
  return line.charAt(0).toUpperCase() + line.substring(1)
}

function lyricsText(rng: Rng): string {
  const verse = (): string => [loremLine(rng), loremLine(rng), loremLine(rng), loremLine(rng)].join('\n')
  const chorus = [loremLine(rng), loremLine(rng)].join('\n')
  return `[Verse]\n${verse()}\n\n[Chorus]\n${chorus}\n\n[Verse]\n${verse()}\n\n[Chorus]\n${chorus}`
}

/** A file's name from its URL, without extension; a song name when there is none. */
function fileTitle(rng: Rng, url: unknown): string {
  if (typeof url !== 'string') return pick(rng, listsOf().songNames)
  const last = url.split(/[?#]/, 1)[0]!.split('/').pop() ?? ''
  const name = decodeURIComponent(last.replace(/\.[a-z0-9]+$/i, '')).trim()
  return name === '' ? pick(rng, listsOf().songNames) : name
}

function result(rng: Rng, request: OutputRequest): unknown[] {
  const { type, input } = request
  switch (type) {
    case 'music': {
      const title = songTitle(rng, input)
      return [clip(rng, title, 120, 240), clip(rng, title, 120, 240)]
    }
    case 'lyrics':
      return [{ id: rng.uuid(), title: pick(rng, listsOf().songNames), text: lyricsText(rng) }]
    case 'upload':
      return [clip(rng, fileTitle(rng, input['url']), 30, 300)]
    case 'concat':
      return [clip(rng, pick(rng, listsOf().songNames), 180, 480)]
  }
}

/** The generated output of a successful task. */
export function generateOutput(request: OutputRequest): TaskOutput {
  const rng = outputRng(request.seed)
  const taskId = rng.uuid()
  return {
    taskType: request.type,
    taskId,
    status: 'completed',
    progress: '100%',
    failReason: null,
    result: result(rng, request),
  }
}

/** Clips of an output that a later concat or continuation may name (entries with an id and an audio_url). */
export function clipsOf(output: TaskOutput): Clip[] {
  return output.result.filter(
    (entry): entry is Clip => typeof entry === 'object' && entry !== null && typeof (entry as Clip).id === 'string' && 'audio_url' in entry,
  )
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Scenario output overrides: objects merge key by key, arrays entry by entry, anything else replaces. */
export function mergeOverride(base: unknown, override: unknown): unknown {
  if (Array.isArray(base) && Array.isArray(override)) {
    const merged = base.slice()
    override.forEach((entry, index) => {
      merged[index] = index < base.length ? mergeOverride(base[index], entry) : entry
    })
    return merged
  }
  if (isPlainObject(base) && isPlainObject(override)) {
    const merged: Record<string, unknown> = { ...base }
    for (const key of Object.keys(override)) {
      Object.defineProperty(merged, key, {
        value: Object.hasOwn(base, key) ? mergeOverride(base[key], override[key]) : override[key],
        enumerable: true,
        writable: true,
        configurable: true,
      })
    }
    return merged
  }
  return override
}
