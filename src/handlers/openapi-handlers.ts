/**
 * The OpenAPI document of the running fake, at /openapi.json and /openapi.yaml: generated for the
 * scenario's service settings (model, versions, limits, prices), with the origin the client used
 * as its server, so a client generator or an API tool can point straight at the fake.
 */
import { http, HttpResponse, type HttpHandler } from 'msw'
import { stringify } from 'yaml'
import type { ServiceConfig } from '../domain/types.js'
import { openApiDocument } from '../openapi/document.js'
import type { MockHandle } from '../handle/mock-handle.js'

type Format = 'json' | 'yaml'

const rendered = new WeakMap<ServiceConfig, Map<string, string>>()

/** The document as text, once per service, origin and format. */
function documentText(service: ServiceConfig, origin: string, format: Format): string {
  let texts = rendered.get(service)
  if (texts === undefined) rendered.set(service, (texts = new Map()))
  const key = `${format} ${origin}`
  let text = texts.get(key)
  if (text === undefined) {
    const document = openApiDocument(service, origin)
    text = format === 'json' ? `${JSON.stringify(document, null, 2)}\n` : stringify(document, { lineWidth: 0 })
    if (texts.size >= 16) texts.clear() // origins come from Host headers: keep the cache bounded
    texts.set(key, text)
  }
  return text
}

const CONTENT_TYPES: Record<Format, string> = { json: 'application/json', yaml: 'application/yaml' }

export function createOpenApiHandlers(source: Pick<MockHandle, 'world' | 'commit'>, options: { baseUrl?: string } = {}): HttpHandler[] {
  const base = options.baseUrl?.replace(/\/+$/, '') ?? '*'
  const serve = (format: Format) =>
    http.get(`${base}/openapi.${format}`, ({ request }) => {
      const text = documentText(source.world.scenario.service, new URL(request.url).origin, format)
      return new HttpResponse(text, { headers: { 'content-type': `${CONTENT_TYPES[format]}; charset=utf-8` } })
    })
  return [serve('json'), serve('yaml')]
}
