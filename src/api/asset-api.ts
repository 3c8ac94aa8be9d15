/**
 * The media files that outputs point at (`/assets/audio/{clipId}.wav`, `/assets/image/{clipId}.png`):
 * generated on request, deterministic per clip, the audio as long as the clip's duration, within
 * `service.media.max_audio_seconds` (600 by default) and `service.media.audio_seconds` when set.
 * Like the real service's CDN links they need no API key. Faults with `endpoint: asset` apply;
 * every request is journaled (by the dispatch's finishing step, as sent).
 */
import type { World } from '../domain/world.js'
import type { MediaBody } from '../media/media-body.js'
import { PNG_MIME_TYPE } from '../media/png.js'
import { WAV_MIME_TYPE } from '../media/wav.js'
import { DEFAULT_MAX_AUDIO_SECONDS } from '../scenario/defaults.js'
import { audioBody, imageBody } from './media-files.js'
import type { FaultAction } from '../domain/types.js'
import type { Trace } from '../domain/trace.js'
import { applyFault, traceOf } from './fault.js'
import { now, type Answered, type Outcome } from './request.js'
import { failWith } from './respond.js'

export type AssetKind = 'audio' | 'image'

export interface AssetRequest {
  method: string
  apiKey: string | null
  kind: AssetKind
  clipId: string
}

/** A media file's 200: its body is made as it is read (a HEAD answer never reads it). */
export interface MediaFile {
  readonly status: 200
  readonly body: MediaBody
  readonly headers: Readonly<Record<string, string>>
}

export type AssetOutcome = Outcome | { response: MediaFile; delayMs: number; drop?: undefined; fault?: FaultAction | null; trace?: Trace | null }

/** Used when a scenario's output override made a clip's duration something other than seconds. */
const FALLBACK_SECONDS = 30

function seconds(world: World, duration: unknown): number {
  const full = typeof duration === 'number' && Number.isFinite(duration) && duration >= 0 ? duration : FALLBACK_SECONDS
  const media = world.scenario.service.media
  return Math.min(full, media?.audioSeconds ?? Infinity, media?.maxAudioSeconds ?? DEFAULT_MAX_AUDIO_SECONDS)
}

export const assetPath = (kind: AssetKind, clipId: string): string => (kind === 'audio' ? `/assets/audio/${clipId}.wav` : `/assets/image/${clipId}.png`)

function answer(world: World, request: AssetRequest): AssetOutcome {
  const clip = world.clipIndex.get(request.clipId)
  const owner = world.tasks.get(clip?.taskId ?? '')
  const decision = world.fault({ endpoint: 'asset', apiKey: request.apiKey ?? owner?.apiKey ?? null, taskType: owner?.type ?? null })
  const fault = decision.action
  const trace = traceOf(decision)
  // A media file has no stale form: `stale` serves it as it is.
  const faulted = applyFault(fault, (): Outcome | { file: MediaFile } => {
    if (clip === undefined || owner === undefined) {
      return now({ ...failWith('noClip', request.kind, assetPath(request.kind, request.clipId), request.clipId), cause: { kind: 'not_found' } })
    }
    const body = request.kind === 'audio' ? audioBody(request.clipId, seconds(world, clip.duration)) : imageBody(request.clipId)
    const headers = {
      'content-type': request.kind === 'audio' ? WAV_MIME_TYPE : PNG_MIME_TYPE,
      'content-length': String(body.byteLength),
      'cache-control': 'public, max-age=31536000, immutable',
    }
    return { file: { status: 200, body, headers } }
  })
  if (faulted.drop) return { drop: true, delayMs: 0, fault, trace }
  if (faulted.answer === undefined) return { response: faulted.response, delayMs: 0, fault, trace }
  const { answer: normal, delayMs } = faulted
  return 'file' in normal ? { response: normal.file, delayMs, fault, trace } : { response: normal.response!, delayMs, fault, trace }
}

/** A GET or HEAD of a media file; the dispatch sends the file (its body streamed; none for a HEAD). */
export function getAsset(world: World, request: AssetRequest): Answered<AssetOutcome> {
  return {
    world,
    outcome: answer(world, request),
    sent: null,
    method: request.method,
    path: assetPath(request.kind, request.clipId),
    endpoint: 'asset',
    apiKey: request.apiKey,
    taskId: world.clipIndex.get(request.clipId)?.taskId ?? null,
    taskType: null,
    taskStatus: null,
    fingerprint: null,
    credits: null,
  }
}
