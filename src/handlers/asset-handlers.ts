/**
 * The media routes as msw handlers: GET and HEAD of `/assets/audio/{clipId}.wav` and
 * `/assets/image/{clipId}.png`, the files that `audio_url` and `image_url` point at. Served
 * in-process and over HTTP alike; parse → getAsset → respond.
 */
import { delay, http, HttpResponse, type HttpHandler } from 'msw'
import { getAsset, type AssetKind, type AssetOutcome } from '../api/asset-api.js'
import { failWith } from '../api/respond.js'
import type { MockHandle } from '../handle/mock-handle.js'
import { toResponse, type HandlerOptions } from './create-handlers.js'

const EXTENSION: Record<AssetKind, string> = { audio: '.wav', image: '.png' }

async function settle(outcome: AssetOutcome, head: boolean, drop: () => Response): Promise<Response> {
  if (outcome.delayMs > 0) await delay(outcome.delayMs)
  if (outcome.drop) return drop()
  if (outcome.response !== undefined) return toResponse(outcome.response)
  const { body, headers } = outcome.file
  // Streamed: the bytes are made as the client reads them, and a HEAD makes none.
  return new HttpResponse(head ? null : body.stream(), { status: 200, headers })
}

export function createAssetHandlers(source: Pick<MockHandle, 'world' | 'commit'>, options: HandlerOptions = {}): HttpHandler[] {
  const base = options.baseUrl?.replace(/\/+$/, '') ?? '*'
  const drop = options.drop ?? (() => HttpResponse.error())
  const serve =
    (kind: AssetKind) =>
    async ({ request, params }: { request: Request; params: Record<string, string | readonly string[] | undefined> }): Promise<Response> => {
      const file = String(params['file'])
      if (!file.endsWith(EXTENSION[kind])) {
        return toResponse(failWith('noMediaFile', kind, new URL(request.url).pathname, EXTENSION[kind]))
      }
      const clipId = file.slice(0, -EXTENSION[kind].length)
      const outcome = getAsset(source.world, { method: request.method, apiKey: request.headers.get('x-api-key'), kind, clipId })
      return settle(outcome, request.method === 'HEAD', drop)
    }
  return (['audio', 'image'] as const).flatMap((kind) => [
    http.get(`${base}/assets/${kind}/:file`, serve(kind)),
    http.head(`${base}/assets/${kind}/:file`, serve(kind)),
  ])
}
