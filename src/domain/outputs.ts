/**
 * Outputs of finished tasks, generated with faker from a per-task seed, so the same
 * (scenario seed, api key, task ordinal) always yields the same output.
 *
 * Asset URLs are stored as paths (`/assets/...`) and made absolute when a response is
 * rendered, with the origin the client used: the fake serves these files itself.
 */
import type { Faker } from '@faker-js/faker'
// The English build only: the package's main entry loads every locale (~140 ms at start-up, measured).
import { faker as sharedFaker } from '@faker-js/faker/locale/en'
import { mersenneRandomizer } from './mersenne.js'
import type { MusicMode, TaskType } from './types.js'

/**
 * A private faker instance (decision 031): seeding the shared `faker` changed the sequence of an
 * in-process user who seeds it for their own data. Faker exports its class and locale data only
 * from the main entry, which loads every locale, so the class and the English data (English over
 * the base locale, already merged) are taken from the English build's instance. Its randomizer
 * gives faker's own sequences, with less work per seed.
 */
type FakerClass = new (options: ConstructorParameters<typeof Faker>[0]) => Faker
const randomizer = mersenneRandomizer()
/**
 * Made at the first output, not at import: constructing it takes ~0.4-0.8 ms, and reading the
 * English build's instance loads faker (the CLI defers that load until it is read: a start that
 * serves no finished task never pays it).
 */
let faker: Faker

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

/** Character codes of the hex digits, and where in a uuid's 36 characters the 30 `x` digits go. */
const HEX_CODES = Array.from('0123456789abcdef', (digit) => digit.charCodeAt(0))
const X_AT = Array.from('xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx', (c, i) => (c === 'x' ? i : -1)).filter((i) => i >= 0)
const UUID_CODES = Array.from('00000000-0000-4000-8000-000000000000', (c) => c.charCodeAt(0))

/**
 * `faker.string.uuid()` with the same draws and the same result (a test compares them): faker
 * fills the 30 `x` of `xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx` with `number.hex({ min: 0, max: 15 })`
 * from left to right, then the `y` with `number.hex({ min: 8, max: 11 })`. Faker's way costs
 * ~2.5 µs a uuid in `replaceAll` callbacks and option objects, a third of a music output (decision 031).
 */
export function fakerUuid(next: () => number): string {
  const codes = UUID_CODES.slice()
  for (const at of X_AT) codes[at] = HEX_CODES[Math.floor(next() * 16)]!
  // faker's int(): floor(draw * size + min), the min added before the floor, as here.
  codes[19] = HEX_CODES[Math.floor(next() * 4 + 8)]!
  return String.fromCharCode(...codes)
}

const uuid = (): string => fakerUuid(randomizer.next)

function clip(title: string, minSeconds: number, maxSeconds: number): Clip {
  const id = uuid()
  const duration = faker.number.float({ min: minSeconds, max: maxSeconds, fractionDigits: 2 })
  return { id, audio_url: audioPath(id), image_url: imagePath(id), title, duration }
}

function songTitle(input: Readonly<Record<string, unknown>>): string {
  return typeof input['title'] === 'string' && input['title'] !== '' ? input['title'] : faker.music.songName()
}

/**
 * `faker.lorem.sentence({ min: 4, max: 8 })` without its final period, from the same draws: a count,
 * then that many words of the lorem list. `lorem.word()` copies the whole word list for every word
 * it picks and `helpers.multiple` builds an array-like for each line, most of a lyrics output;
 * picking from the list itself gives the same words.
 */
function loremLine(): string {
  const words = faker.definitions.lorem.word
  const count = faker.number.int({ min: 4, max: 8 })
  let line = faker.helpers.arrayElement(words)
  for (let i = 1; i < count; i++) line += ' ' + faker.helpers.arrayElement(words)
  return line.charAt(0).toUpperCase() + line.substring(1)
}

function lyricsText(): string {
  const verse = (): string => [loremLine(), loremLine(), loremLine(), loremLine()].join('\n')
  const chorus = [loremLine(), loremLine()].join('\n')
  return `[Verse]\n${verse()}\n\n[Chorus]\n${chorus}\n\n[Verse]\n${verse()}\n\n[Chorus]\n${chorus}`
}

function fileTitle(url: unknown): string {
  if (typeof url !== 'string') return faker.music.songName()
  const last = url.split(/[?#]/, 1)[0]!.split('/').pop() ?? ''
  const name = decodeURIComponent(last.replace(/\.[a-z0-9]+$/i, '')).trim()
  return name === '' ? faker.music.songName() : name
}

function result(request: OutputRequest): unknown[] {
  const { type, input } = request
  switch (type) {
    case 'music': {
      const title = songTitle(input)
      return [clip(title, 120, 240), clip(title, 120, 240)]
    }
    case 'lyrics':
      return [{ id: uuid(), title: faker.music.songName(), text: lyricsText() }]
    case 'upload':
      return [clip(fileTitle(input['url']), 30, 300)]
    case 'concat':
      return [clip(faker.music.songName(), 180, 480)]
  }
}

/** The generated output of a successful task. */
export function generateOutput(request: OutputRequest): TaskOutput {
  faker ??= new (sharedFaker.constructor as FakerClass)({ locale: sharedFaker.rawDefinitions, randomizer })
  randomizer.seed(request.seed)
  const taskId = uuid()
  return {
    taskType: request.type,
    taskId,
    status: 'completed',
    progress: '100%',
    failReason: null,
    result: result(request),
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
