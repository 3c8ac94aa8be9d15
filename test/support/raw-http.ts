/**
 * Raw HTTP/1.1 over a socket to 127.0.0.1: exactly the bytes given (any Host, Origin or
 * Content-Type, none at all, or a malformed one), which fetch and node:http would rewrite.
 */
import { connect } from 'node:net'

export interface RawAnswer {
  status: number
  /** Header names in lower case. */
  headers: Record<string, string>
  body: string
  json: any
}

/** The body of a `Transfer-Encoding: chunked` answer. */
function unchunk(text: string): string {
  let body = ''
  let at = 0
  for (;;) {
    const lineEnd = text.indexOf('\r\n', at)
    if (lineEnd === -1) return body
    const size = Number.parseInt(text.slice(at, lineEnd), 16)
    if (!(size > 0)) return body
    body += text.slice(lineEnd + 2, lineEnd + 2 + size)
    at = lineEnd + 2 + size + 2
  }
}

/** Parses one answer (Content-Length framed) out of the text the server sent. */
export function parseAnswer(text: string): RawAnswer {
  const end = text.indexOf('\r\n\r\n')
  const [statusLine, ...lines] = text.slice(0, end).split('\r\n')
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  const rest = text.slice(end + 4)
  const body = headers['transfer-encoding'] === 'chunked' ? unchunk(rest) : rest
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    json = undefined
  }
  return { status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? '')?.[1] ?? 0), headers, body, json }
}

/** Sends `text` and resolves with everything the server sent once it closes the connection. */
export function rawExchange(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text))
    let answer = ''
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')))
    socket.on('end', () => resolve(answer))
    socket.on('error', reject)
  })
}

export interface RawRequest {
  method: string
  path: string
  /** Sent as given; `null` leaves the header out. Default: `127.0.0.1:PORT`. */
  host?: string | null
  headers?: Record<string, string>
  body?: string
}

/** One request on its own connection (`connection: close`), Content-Length set from the body. */
export async function rawRequest(port: number, request: RawRequest): Promise<RawAnswer> {
  const host = request.host === undefined ? `127.0.0.1:${port}` : request.host
  const lines = [`${request.method} ${request.path} HTTP/1.1`]
  if (host !== null) lines.push(`Host: ${host}`)
  for (const [name, value] of Object.entries(request.headers ?? {})) lines.push(`${name}: ${value}`)
  if (request.body !== undefined) lines.push(`Content-Length: ${Buffer.byteLength(request.body)}`)
  lines.push('Connection: close')
  return parseAnswer(await rawExchange(port, `${lines.join('\r\n')}\r\n\r\n${request.body ?? ''}`))
}
