/**
 * A journal request as a command to send it again: curl for a shell, fetch for a browser's
 * console or a test. The key stays its label (`ke…01`) unless QA asks for it in clear, which the
 * page can give only for a key with an account (the admin API lists those); a key the fake never
 * knew is never shown whole. A body the journal cut is said so, never sent cut.
 */
import type { Message } from '../../domain/exchange.js'

export interface CopiedRequest {
  method: string
  url: string
  /** As the journal kept them: `x-api-key` is the key's label. */
  headers: Readonly<Record<string, string>>
  body: string | null
  /** The body's full length when the journal kept only its start. */
  truncated: number | null
}

export interface CopyOptions {
  /** The key in clear, for its label; null: keep the label. */
  key: { label: string; apiKey: string } | null
}

/** The request with the key in clear where asked (header and body), or as its label. */
function withKey(request: CopiedRequest, options: CopyOptions): CopiedRequest {
  const { key } = options
  if (key === null) return request
  const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, value === key.label ? key.apiKey : value]))
  return { ...request, headers, body: request.body === null ? null : request.body.split(key.label).join(key.apiKey) }
}

/** `it's` → `'it'\''s'`: one single-quoted word for any POSIX shell. */
export const shellQuote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`

const cutNote = (request: CopiedRequest): string[] =>
  request.truncated === null
    ? []
    : [`the journal kept the first ${request.body?.length ?? 0} of ${request.truncated} characters of the body: this copy sends only those`]

export function asCurl(request: CopiedRequest, options: CopyOptions = { key: null }): string {
  const sent = withKey(request, options)
  const parts = ['curl', ...(sent.method === 'GET' ? [] : ['-X', sent.method]), shellQuote(sent.url)]
  for (const [name, value] of Object.entries(sent.headers)) parts.push('-H', shellQuote(`${name}: ${value}`))
  if (sent.body !== null) parts.push('--data-binary', shellQuote(sent.body))
  return [...cutNote(request).map((note) => `# ${note}`), parts.join(' ')].join('\n')
}

export function asFetch(request: CopiedRequest, options: CopyOptions = { key: null }): string {
  const sent = withKey(request, options)
  const init: Record<string, unknown> = { method: sent.method, headers: sent.headers }
  if (sent.body !== null) init['body'] = sent.body
  return [...cutNote(request).map((note) => `// ${note}`), `await fetch(${JSON.stringify(sent.url)}, ${JSON.stringify(init, null, 2)})`].join('\n')
}

/** A journal entry's request as `CopiedRequest`: the page's origin and world prefix before its path. */
export function copiedRequest(entry: { method: string; path: string }, message: Message | null, base: string): CopiedRequest {
  return {
    method: entry.method,
    url: `${base}${entry.path}`,
    headers: message?.headers ?? {},
    body: message?.body ?? null,
    truncated: message?.truncated ?? null,
  }
}
