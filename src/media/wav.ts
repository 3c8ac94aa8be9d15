/**
 * Generated WAV audio.
 *
 * Format: a RIFF/WAVE file holding uncompressed PCM. Layout (all integers little-endian):
 *   "RIFF" <u32 size of everything after this field> "WAVE"
 *   "fmt " <u32 16> <u16 format=1 (PCM)> <u16 channels> <u32 sampleRate> <u32 byteRate>
 *          <u16 blockAlign> <u16 bitsPerSample>
 *   "data" <u32 byte count> <samples…> [pad byte when the count is odd]
 * 8-bit PCM samples are unsigned, with silence at 128.
 */
import { createRng, deriveSeed } from '../domain/random.js'
import { SEMITONE_RATIOS, sineTable } from './portable-math.js'

export interface WavOptions {
  /** Duration; the file holds exactly round(seconds * sampleRate) samples. */
  seconds: number
  seed: number
  /** Samples per second, default 8000. */
  sampleRate?: number
}

export interface WavInfo {
  channels: number
  sampleRate: number
  bitsPerSample: number
  /** Bytes of sample data (excluding any pad byte). */
  dataBytes: number
  /** Sample frames: dataBytes / (channels * bytesPerSample). */
  samples: number
  seconds: number
}

export const WAV_MIME_TYPE = 'audio/wav'
export const DEFAULT_SAMPLE_RATE = 8000
const HEADER_BYTES = 44

/** One sine period; notes are played by stepping a phase through it (much faster than Math.sin per sample). */
const TABLE_BITS = 12
const TABLE_SIZE = 1 << TABLE_BITS
// Not Math.sin, nor `2 ** x` below: engines round those differently, and a page must get Node's bytes.
const SINE = sineTable(TABLE_SIZE)

/** Major pentatonic scale over two octaves, in semitones above the root: any sequence sounds consonant. */
const PENTATONIC = [0, 2, 4, 7, 9, 12, 14, 16, 19, 21]
const NOTE_BEATS = [1, 1, 2, 2, 3, 4]

/** Bytes per chunk when a file is produced piece by piece (wavChunks, the asset routes). */
export const WAV_CHUNK_BYTES = 64 * 1024

function checkedSamples(options: WavOptions): { samples: number; sampleRate: number } {
  const { seconds, sampleRate = DEFAULT_SAMPLE_RATE } = options
  if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError(`wavBytes: seconds must be a finite number >= 0, got ${seconds}`)
  if (!Number.isInteger(sampleRate) || sampleRate < 1 || sampleRate > 384_000) {
    throw new RangeError(`wavBytes: sampleRate must be an integer in 1..384000, got ${sampleRate}`)
  }
  const samples = Math.round(seconds * sampleRate)
  if (HEADER_BYTES + samples + (samples & 1) > 0xffffffff) throw new RangeError(`wavBytes: ${seconds}s is too long for a WAV file`)
  return { samples, sampleRate }
}

/** The size in bytes of the file `wavBytes(options)` makes, without making it. */
export function wavByteLength(options: WavOptions): number {
  const { samples } = checkedSamples(options)
  return HEADER_BYTES + samples + (samples & 1)
}

/** A mono 8-bit WAV file: a seeded melody of soft pentatonic notes, `seconds` long. */
export function wavBytes(options: WavOptions): Uint8Array {
  const [bytes] = wavChunks(options, Number.MAX_SAFE_INTEGER)
  return bytes!
}

function writeHeader(bytes: Uint8Array, samples: number, sampleRate: number): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, HEADER_BYTES)
  const ascii = (offset: number, text: string): void => {
    for (let i = 0; i < text.length; i++) bytes[offset + i] = text.charCodeAt(i)
  }
  ascii(0, 'RIFF')
  view.setUint32(4, HEADER_BYTES - 8 + samples + (samples & 1), true)
  ascii(8, 'WAVE')
  ascii(12, 'fmt ')
  view.setUint32(16, 16, true)
  view.setUint16(20, 1, true) // PCM
  view.setUint16(22, 1, true) // mono
  view.setUint32(24, sampleRate, true)
  view.setUint32(28, sampleRate, true) // byteRate = sampleRate * blockAlign
  view.setUint16(32, 1, true) // blockAlign
  view.setUint16(34, 8, true) // bitsPerSample
  ascii(36, 'data')
  view.setUint32(40, samples, true)
}

interface Note {
  length: number
  step: number
  overtone: number
  attack: number
  release: number
  releaseFrom: number
  decay: number
}

/** Samples `from` to `to` of a note into `out` at `at`, from `phase`; returns the phase after them. */
function render(note: Note, phase: number, from: number, to: number, out: Uint8Array, at: number): number {
  const { step, overtone, length, attack, release, releaseFrom, decay } = note
  for (let i = from; i < to; i++) {
    // Envelope: quick linear attack, gentle decay, linear release to avoid clicks.
    let env = 80 * (1 - decay * i)
    if (i < attack) env *= i / attack
    if (i > releaseFrom) env *= (length - i) / release
    const p = phase | 0
    const wave = SINE[p & (TABLE_SIZE - 1)]! + overtone * SINE[(p << 1) & (TABLE_SIZE - 1)]!
    out[at + i - from] = (128.5 + env * wave) | 0 // rounds: the value stays positive
    phase += step
    if (phase >= TABLE_SIZE) phase -= TABLE_SIZE
  }
  return phase
}

/**
 * The bytes of `wavBytes(options)`, in order, as chunks of `chunkBytes` (the last one shorter):
 * a long file is produced piece by piece, in memory one chunk at a time. Each chunk is new.
 */
export function* wavChunks(options: WavOptions, chunkBytes = WAV_CHUNK_BYTES): Generator<Uint8Array, void, undefined> {
  if (!(chunkBytes > HEADER_BYTES)) throw new RangeError(`wavChunks: chunkBytes must be more than ${HEADER_BYTES}, got ${chunkBytes}`)
  const { samples, sampleRate } = checkedSamples(options)
  const total = HEADER_BYTES + samples + (samples & 1)
  let emitted = 0 // bytes in chunks already yielded
  let chunk = new Uint8Array(Math.min(chunkBytes, total)).fill(128) // silence, including the pad byte
  writeHeader(chunk, samples, sampleRate)
  let fill = HEADER_BYTES

  const rng = createRng(deriveSeed(0, 'media-wav', options.seed))
  const rootHz = 220 * SEMITONE_RATIOS[rng.int(0, 11)]! // A3..G#4
  const beat = Math.max(1, Math.round(sampleRate * (0.18 + rng.next() * 0.14)))
  const attack = Math.max(1, Math.round(sampleRate * 0.01))
  const nyquist = sampleRate / 2
  let start = 0
  while (start < samples) {
    const length = Math.min(beat * NOTE_BEATS[rng.int(0, NOTE_BEATS.length - 1)]!, samples - start)
    const rest = rng.next() < 0.12 // an occasional pause
    const hz = rootHz * SEMITONE_RATIOS[PENTATONIC[rng.int(0, PENTATONIC.length - 1)]!]!
    const sounds = !rest && hz < nyquist
    const release = Math.min(length, Math.max(1, Math.round(length * 0.3)))
    const note: Note = {
      length,
      step: (hz * TABLE_SIZE) / sampleRate,
      overtone: 2 * hz < nyquist ? 0.25 : 0, // a quiet octave above warms the tone
      attack,
      release,
      releaseFrom: length - release,
      decay: 0.5 / length,
    }
    let phase = 0
    for (let i = 0; i < length;) {
      const to = Math.min(length, i + chunk.length - fill)
      if (sounds) phase = render(note, phase, i, to, chunk, fill) // else the silence already there
      fill += to - i
      i = to
      if (fill === chunk.length) {
        yield chunk
        emitted += chunk.length
        if (emitted === total) return
        chunk = new Uint8Array(Math.min(chunkBytes, total - emitted)).fill(128)
        fill = 0
      }
    }
    start += length
  }
  yield chunk // the rest: the last samples, or only the pad byte (or the header of an empty file)
}

const text4 = (bytes: Uint8Array, offset: number): string => String.fromCharCode(bytes[offset]!, bytes[offset + 1]!, bytes[offset + 2]!, bytes[offset + 3]!)

/** Reads the header of a PCM WAV file; throws an Error saying what is wrong when `bytes` is not one. */
export function parseWav(bytes: Uint8Array): WavInfo {
  const fail = (why: string): never => {
    throw new Error(`Not a valid WAV file: ${why}`)
  }
  if (bytes.length < 12) fail(`only ${bytes.length} bytes`)
  if (text4(bytes, 0) !== 'RIFF' || text4(bytes, 8) !== 'WAVE') fail('missing RIFF/WAVE signature')
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const end = 8 + view.getUint32(4, true)
  if (end > bytes.length) fail(`RIFF size says ${end} bytes but there are ${bytes.length} (truncated?)`)

  let format: { channels: number; sampleRate: number; bitsPerSample: number; blockAlign: number } | undefined
  let offset = 12
  while (offset + 8 <= end) {
    const id = text4(bytes, offset)
    const size = view.getUint32(offset + 4, true)
    const body = offset + 8
    if (body + size > end) fail(`chunk "${id}" at byte ${offset} overruns the file`)
    if (id === 'fmt ') {
      if (size < 16) fail(`fmt chunk is ${size} bytes, expected at least 16`)
      const audioFormat = view.getUint16(body, true)
      if (audioFormat !== 1) fail(`audio format ${audioFormat} is not PCM (1)`)
      format = {
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        blockAlign: view.getUint16(body + 12, true),
        bitsPerSample: view.getUint16(body + 14, true),
      }
      const { channels, sampleRate, blockAlign, bitsPerSample } = format
      if (channels < 1 || sampleRate < 1 || ![8, 16, 24, 32].includes(bitsPerSample)) fail('fmt chunk has impossible values')
      if (blockAlign !== (channels * bitsPerSample) / 8) fail(`blockAlign ${blockAlign} does not match channels and bit depth`)
      if (view.getUint32(body + 8, true) !== sampleRate * blockAlign) fail('byteRate does not match sampleRate * blockAlign')
    } else if (id === 'data') {
      if (format === undefined) fail('data chunk comes before the fmt chunk')
      const { channels, sampleRate, bitsPerSample, blockAlign } = format!
      if (size % blockAlign !== 0) fail(`data size ${size} is not a whole number of ${blockAlign}-byte frames`)
      const samples = size / blockAlign
      return { channels, sampleRate, bitsPerSample, dataBytes: size, samples, seconds: samples / sampleRate }
    }
    offset = body + size + (size & 1) // chunks are word-aligned
  }
  return fail(format === undefined ? 'no fmt chunk' : 'no data chunk')
}
