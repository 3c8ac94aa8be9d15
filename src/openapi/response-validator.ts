/**
 * Checks an HTTP response against the OpenAPI document, by path, method and status: the status
 * must be one the operation documents, the body must match that status's schema (ajv, JSON Schema
 * 2020-12, with formats), and documented required headers must be there. The tests check every
 * public response with it, and `audio-task-mock verify` checks a real service's.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import type { OpenApiDocument } from './document.js'
import { describeErrors } from './describe-errors.js'

export interface SeenResponse {
  method: string
  /** The request path relative to the base URL; a query string is ignored. */
  path: string
  status: number
  headers: { get(name: string): string | null }
  /** The body text. */
  body: string
}

export interface CheckOptions {
  /** Statuses a scenario scripts on purpose (a fault's `respond`): checked as error bodies even where undocumented. */
  allowStatus?: (operationId: string, status: number) => boolean
}

export type Route =
  | { kind: 'operation'; operationId: string; template: string; statuses: number[] }
  | { kind: 'miss'; status: 400 | 404 | 405; allow?: string }
  | { kind: 'outside' }

function malformed(pathname: string): boolean {
  try {
    decodeURIComponent(pathname)
    return false
  } catch {
    return true
  }
}

export interface ResponseValidator {
  route(method: string, path: string): Route
  /** Everything wrong with the response, one line each; empty when it matches the document. */
  check(response: SeenResponse, options?: CheckOptions): string[]
}

const BASE = 'https://audio-task-mock.invalid/openapi.json'

/**
 * The schemas as ajv takes them: ajv finds each branch of a discriminator from the branches'
 * own `const`/`enum` of the tag and refuses a `mapping` (which the document carries for client
 * generators), so the mappings are left out here; they say the same as the branches.
 */
export function withoutMappings(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutMappings)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => {
      if (key !== 'discriminator' || child === null || typeof child !== 'object') return [key, withoutMappings(child)]
      const { mapping: _mapping, ...discriminator } = child as Record<string, unknown>
      return [key, discriminator]
    }),
  )
}

interface Header {
  required?: boolean
  schema?: { pattern?: string }
  $ref?: string
}

interface Operation {
  operationId: string
  responses: Record<string, { headers?: Record<string, Header>; content?: Record<string, { schema: unknown }> }>
}

export function createResponseValidator(document: OpenApiDocument, apiPrefix = '/api/'): ResponseValidator {
  const ajv = new Ajv2020({ allErrors: true, strict: true, discriminator: true })
  addFormats(ajv)
  ajv.addKeyword({ keyword: 'components' })
  ajv.addSchema({ $id: BASE, components: withoutMappings(document['components']) as object })
  const compiled = new Map<string, ValidateFunction>()
  const validatorFor = (schema: unknown): ValidateFunction => {
    const ref = (schema as { $ref: string }).$ref
    let found = compiled.get(ref)
    if (found === undefined) compiled.set(ref, (found = ajv.compile({ $ref: BASE + ref })))
    return found
  }
  const headers = (document['components'] as { headers?: Record<string, Header> } | undefined)?.headers ?? {}
  const resolveHeader = (header: Header): Header => (header.$ref === undefined ? header : (headers[header.$ref.replace('#/components/headers/', '')] ?? {}))
  const templates = Object.keys(document.paths).map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^/}]+\}/g, '[^/]+')}$`),
  }))

  const route = (method: string, path: string): Route => {
    const pathname = path.split('?', 1)[0]!
    if (pathname.startsWith(apiPrefix) && malformed(pathname)) return { kind: 'miss', status: 400 }
    const found = templates.find(({ pattern }) => pattern.test(pathname))
    if (found === undefined) return pathname.startsWith(apiPrefix) ? { kind: 'miss', status: 404 } : { kind: 'outside' }
    const item = document.paths[found.template]!
    const operation = item[method.toLowerCase()] as Operation | undefined
    if (operation === undefined)
      return {
        kind: 'miss',
        status: 405,
        allow: Object.keys(item)
          .map((m) => m.toUpperCase())
          .join(', '),
      }
    return { kind: 'operation', operationId: operation.operationId, template: found.template, statuses: Object.keys(operation.responses).map(Number) }
  }

  const check = (response: SeenResponse, options: CheckOptions = {}): string[] => {
    const where = `${response.method} ${response.path.split('?', 1)[0]!}`
    const target = route(response.method, response.path)
    if (target.kind === 'outside') return []
    const problems: string[] = []
    let schema: unknown = { $ref: '#/components/schemas/Error' }
    if (target.kind === 'miss') {
      if (response.status !== target.status) {
        const why =
          target.status === 400
            ? 'the path has an invalid percent-encoding'
            : target.status === 404
              ? 'no such route in the document'
              : `the document has no ${response.method} here (only ${target.allow})`
        problems.push(`${where}: answered ${response.status}; expected ${target.status}: ${why}`)
      }
      if (target.status === 405 && response.status === 405 && !response.headers.get('allow'))
        problems.push(`${where}: a 405 must say what is allowed in an Allow header`)
    } else {
      const operation = document.paths[target.template]![response.method.toLowerCase()] as Operation
      const documented = operation.responses[String(response.status)]
      if (documented !== undefined) {
        schema = documented.content?.['application/json']?.schema
        for (const [name, declared] of Object.entries(documented.headers ?? {})) {
          const header = resolveHeader(declared)
          const value = response.headers.get(name)
          if (value === null) {
            if (header.required) problems.push(`${where}: ${response.status} without the required header ${name}`)
          } else if (header.schema?.pattern !== undefined && !new RegExp(header.schema.pattern, 'u').test(value)) {
            problems.push(`${where}: header ${name} must match ${header.schema.pattern}, got ${JSON.stringify(value)}`)
          }
        }
      } else if (!(options.allowStatus?.(target.operationId, response.status) ?? false)) {
        problems.push(`${where}: status ${response.status} is not documented for ${target.operationId} (documented: ${target.statuses.join(', ')})`)
        return problems
      }
    }
    const contentType = response.headers.get('content-type') ?? ''
    if (!/^application\/json\s*(;|$)/i.test(contentType))
      problems.push(`${where}: content-type must be application/json, got ${contentType === '' ? 'none' : JSON.stringify(contentType)}`)
    let body: unknown
    try {
      body = JSON.parse(response.body)
    } catch (error) {
      problems.push(`${where}: the ${response.status} body is not JSON (${(error as Error).message})`)
      return problems
    }
    const validate = validatorFor(schema)
    // The spec shows no error body: say so where one is off the document's {code, message}.
    const inferred = /^#\/components\/schemas\/Error\d*$/.test((schema as { $ref: string }).$ref) ? ' (error bodies {code, message}: inferred)' : ''
    if (!validate(body))
      problems.push(...describeErrors(validate.errors as ErrorObject[], body).map((line) => `${where}: ${response.status} body ${line}${inferred}`))
    const code = (body as { code?: unknown } | null)?.code
    if (problems.length === 0 && code !== response.status)
      problems.push(`${where}: body code ${JSON.stringify(code)} differs from the HTTP status ${response.status}`)
    return problems
  }

  return { route, check }
}
