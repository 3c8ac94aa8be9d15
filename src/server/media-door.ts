/**
 * The media files (`GET`/`HEAD /assets/audio/{clipId}.wav`, `/assets/image/{clipId}.png`),
 * answered by the standalone server straight from node:http, as the public and admin doors are:
 * a client that plays a clip no longer waits while express and msw are imported. The answer is
 * the api layer's (`getAsset`, as handlers/asset-handlers.ts calls it): faults, the journal and the
 * file's bytes, streamed as they are made (nothing for a HEAD). A path it cannot be sure to read as
 * msw's matcher does (path-match.ts) goes to `fallback`, the express app with the msw handlers.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import { Readable, pipeline } from 'node:stream'
import { getAsset, type AssetKind, type AssetOutcome } from '../api/asset-api.js'
import { failWith } from '../api/respond.js'
import type { MockHandle } from '../handle/mock-handle.js'
import { pathMatcher, requestUrl } from './path-match.js'
import { originOf } from './public-route.js'
import { writeInternalError, writeResponse } from './write-outcome.js'

const EXTENSION: Record<AssetKind, string> = { audio: '.wav', image: '.png' }

const routes = (['audio', 'image'] as const).flatMap((kind) =>
  ['GET', 'HEAD'].map((method) => ({ method, path: `/assets/${kind}/:file`, value: kind as AssetKind })),
)

function apiKeyOf(req: IncomingMessage): string | null {
  const key = req.headers['x-api-key']
  return key === undefined ? null : Array.isArray(key) ? key.join(', ') : key
}

function settle(req: IncomingMessage, res: ServerResponse, outcome: AssetOutcome): void {
  if (res.destroyed) return
  if (outcome.delayMs > 0) {
    setTimeout(() => settle(req, res, { ...outcome, delayMs: 0 } as AssetOutcome), outcome.delayMs)
    return
  }
  if (outcome.drop) {
    req.socket.destroy()
    return
  }
  if (outcome.response !== undefined) {
    writeResponse(res, outcome.response)
    return
  }
  const { body, headers } = outcome.file
  res.writeHead(200, headers)
  if (req.method === 'HEAD') {
    res.end()
    return
  }
  // A client that goes away stops the stream, and with it the making of the bytes.
  pipeline(Readable.fromWeb(body.stream() as import('node:stream/web').ReadableStream<Uint8Array>), res, () => undefined)
}

export function createMediaDoor(source: Pick<MockHandle, 'world'>, fallback: RequestListener): RequestListener {
  const match = pathMatcher(routes)
  return (req, res) => {
    const target = req.url
    const origin = target !== undefined && target.startsWith('/assets/') ? originOf(req.headers.host) : null
    const url = origin === null ? null : requestUrl(origin, target!)
    const found = url === null ? null : match(req.method ?? '', url.pathname)
    if (found === null) {
      fallback(req, res)
      return
    }
    try {
      const kind = found.value
      const file = found.params['file']!
      if (!file.endsWith(EXTENSION[kind])) {
        writeResponse(res, failWith('noMediaFile', kind, url!.pathname, EXTENSION[kind]))
        return
      }
      const clipId = file.slice(0, -EXTENSION[kind].length)
      settle(req, res, getAsset(source.world, { method: req.method!, apiKey: apiKeyOf(req), kind, clipId }))
    } catch (error) {
      writeInternalError(res, error)
    }
  }
}
