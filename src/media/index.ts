/** Deterministic generated media: WAV audio for transcoded clips and PNG cover art. */
export { wavBytes, parseWav, WAV_MIME_TYPE, DEFAULT_SAMPLE_RATE } from './wav.js'
export type { WavOptions, WavInfo } from './wav.js'
export { pngBytes, parsePng, PNG_MIME_TYPE, DEFAULT_PNG_SIZE } from './png.js'
export type { PngOptions, PngInfo } from './png.js'
export { crc32 } from './crc32.js'
