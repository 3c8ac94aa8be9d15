/**
 * What the task types' output generators are made of: clips, and names drawn from faker's English
 * data (song names, lorem words) with the fake's own seeded generator (decision 039). Faker's
 * instance is only read, never seeded or drawn from: an in-process user who seeds faker for their
 * own data keeps their sequence.
 *
 * Asset URLs are stored as paths (`/assets/...`) and made absolute when a response is rendered,
 * with the origin the client used: the fake serves these files itself.
 */
// The English build only: the package's main entry loads every locale (~140 ms at start-up, measured).
import { faker } from '@faker-js/faker/locale/en'
import type { Rng } from '../random.js'

export interface Clip {
  id: string
  audio_url: string
  image_url: string
  title: string
  duration: number
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

export const pick = (rng: Rng, list: readonly string[]): string => list[Math.floor(rng.next() * list.length)]!

/** A song name from faker's list. */
export const songName = (rng: Rng): string => pick(rng, listsOf().songNames)

/** A lorem word from faker's list. */
export const word = (rng: Rng): string => pick(rng, listsOf().words)

/** A clip of `title`, its id drawn first, lasting `minSeconds` to `maxSeconds`. */
export function clip(rng: Rng, title: string, minSeconds: number, maxSeconds: number): Clip {
  const id = rng.uuid()
  // Seconds with two decimals, evenly over [min, max].
  const duration = rng.int(minSeconds * 100, maxSeconds * 100) / 100
  return { id, audio_url: audioPath(id), image_url: imagePath(id), title, duration }
}
