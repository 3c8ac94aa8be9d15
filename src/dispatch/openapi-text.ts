/**
 * The OpenAPI document of the running fake as served at /openapi.json and /openapi.yaml: made for
 * the scenario's service settings (model, versions, limits, prices), with the fake's base URL as
 * its server, so a client generator or an API tool can point straight at it.
 */
import { stringify } from 'yaml'
import type { ServiceConfig } from '../domain/types.js'
import { openApiDocument } from '../openapi/document.js'
import type { Answer } from './request.js'

export type DocumentFormat = 'json' | 'yaml'

const rendered = new WeakMap<ServiceConfig, Map<string, string>>()
const CONTENT_TYPES: Record<DocumentFormat, string> = { json: 'application/json; charset=utf-8', yaml: 'application/yaml; charset=utf-8' }

/** The document as text, once per service, base URL and format. */
function documentText(service: ServiceConfig, base: string, format: DocumentFormat): string {
  let texts = rendered.get(service)
  if (texts === undefined) rendered.set(service, (texts = new Map()))
  const key = `${format} ${base}`
  let text = texts.get(key)
  if (text === undefined) {
    const document = openApiDocument(service, base)
    text = format === 'json' ? `${JSON.stringify(document, null, 2)}\n` : stringify(document, { lineWidth: 0 })
    if (texts.size >= 16) texts.clear() // bases come from Host headers: keep the cache bounded
    texts.set(key, text)
  }
  return text
}

/** The document's answer (a HEAD gets its length, and no body, from the finishing step). */
export function documentAnswer(service: ServiceConfig, base: string, format: DocumentFormat): Answer {
  return { status: 200, headers: { 'content-type': CONTENT_TYPES[format] }, body: documentText(service, base, format) }
}
