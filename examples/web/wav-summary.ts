/**
 * The length and sample rate of a PCM WAV file, read from its RIFF chunks: all the page shows of a
 * clip. The page's own code, not the fake's `parseWav`, because the page ships to production and
 * the fake must not (a production bundle that imports anything from audio-task-mock carries it).
 */
export interface WavSummary {
  sampleRate: number
  seconds: number
}

export function wavSummary(bytes: Uint8Array): WavSummary {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const tag = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4))
  if (bytes.length < 12 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE') throw new Error('the clip is not a WAV file (no RIFF/WAVE header)')
  let sampleRate = 0
  let byteRate = 0
  for (let at = 12; at + 8 <= bytes.length;) {
    const size = view.getUint32(at + 4, true)
    if (tag(at) === 'fmt ' && size >= 16) {
      sampleRate = view.getUint32(at + 12, true)
      byteRate = view.getUint32(at + 16, true)
    }
    if (tag(at) === 'data') {
      if (byteRate === 0) throw new Error('the WAV clip has no usable fmt chunk before its data')
      return { sampleRate, seconds: Math.min(size, bytes.length - at - 8) / byteRate }
    }
    at += 8 + size + (size % 2)
  }
  throw new Error('the WAV clip has no data chunk')
}
