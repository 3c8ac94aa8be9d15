/**
 * The media files that outputs point at (`/assets/audio/{clipId}.wav`, `/assets/image/{clipId}.png`):
 * generated on request, deterministic per clip, the audio as long as the clip's duration, within
 * `service.media.max_audio_seconds` (600 by default) and `service.media.audio_seconds` when set.
 * Like the real service's CDN links they need no API key. Faults with `endpoint: asset` apply;
 * every request is journaled.
 */
import type { World } from '../domain/world.js'
import type { MediaBody } from '../media/media-body.js'
import { PNG_MIME_TYPE } from '../media/png.js'
import { WAV_MIME_TYPE } from '../media/wav.js'
import { DEFAULT_MAX_AUDIO_SECONDS } from '../scenario/defaults.js'
import { audioBody, imageBody } from './media-files.js'
import { record } from './journal-record.js'
import { fail } from './respond.js'
import { defaultFaultMessage, type Outcome } from './public-api.js'

export type AssetKind = 'audio' | 'image'

export interface AssetRequest {
  method: string
  apiKey: string | null
  kind: AssetKind
  clipId: string
}

export interface MediaFile {
  /** Made as it is read: a HEAD answer never reads it. */
  body: MediaBody
  headers: Readonly<Record<string, string>>
}

export type AssetOutcome = Outcome | { file: MediaFile; delayMs: number; response?: undefined; drop?: undefined }

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
  const fault = world.fault({ endpoint: 'asset', apiKey: request.apiKey ?? owner?.apiKey ?? null, taskType: owner?.type ?? null })
  const delayMs = fault !== null && 'delayMs' in fault ? fault.delayMs : 0
  if (fault !== null && 'drop' in fault) return { drop: true, delayMs: 0 }
  if (fault !== null && 'respond' in fault) {
    const { status, message, headers } = fault.respond
    return { response: fail(status, message ?? defaultFaultMessage(status), headers ? { ...headers } : undefined), delayMs: 0 }
  }
  if (clip === undefined || owner === undefined) {
    return { response: fail(404, `No such ${request.kind} file: ${assetPath(request.kind, request.clipId)} (no task output has a clip with id ${JSON.stringify(request.clipId)})`), delayMs }
  }
  const body = request.kind === 'audio' ? audioBody(request.clipId, seconds(world, clip.duration)) : imageBody(request.clipId)
  const headers = {
    'content-type': request.kind === 'audio' ? WAV_MIME_TYPE : PNG_MIME_TYPE,
    'content-length': String(body.byteLength),
    'cache-control': 'public, max-age=31536000, immutable',
  }
  return { file: { body, headers }, delayMs }
}

/** A GET or HEAD of a media file; the door streams `file.body` (nothing for HEAD) with `file.headers`. */
export function getAsset(world: World, request: AssetRequest): AssetOutcome {
  const outcome = answer(world, request)
  const clip = world.clipIndex.get(request.clipId)
  const status = outcome.drop ? null : outcome.response === undefined ? 200 : outcome.response.status
  record(
    world,
    {
      method: request.method,
      path: assetPath(request.kind, request.clipId),
      endpoint: 'asset',
      apiKey: request.apiKey,
      taskId: clip?.taskId ?? null,
      taskType: null,
      taskStatus: null,
      fingerprint: null,
      credits: null,
    },
    status,
    outcome.delayMs,
    outcome.response?.headers,
  )
  return outcome
}
