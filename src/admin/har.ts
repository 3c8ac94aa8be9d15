/**
 * A world's journal as an HTTP Archive (HAR 1.2), what browsers' devtools, proxies and HAR viewers
 * open: one entry per request, oldest first, with the headers and bodies the journal kept (keys
 * as their labels) and the fake's own facts in `_`-prefixed fields, as the format asks of
 * extensions: `_seq`, `_fake_clock`, `_cause`, `_task_id`. A connection a fault dropped has
 * status 0 and an `_error`, as Chromium writes a failed request.
 */
import type { Message } from '../domain/exchange.js'
import { causeText } from './cause-text.js'
import type { JournalEntryDetail } from './journal-view.js'

/** The export's own format version (HAR asks the creator's version; the fake's package version is not known in a browser). */
export const HAR_CREATOR = { name: 'audio-task-mock', version: 'journal-export-1' } as const

export interface HarHeader {
  name: string
  value: string
}

export interface HarEntry {
  startedDateTime: string
  time: number
  request: {
    method: string
    url: string
    httpVersion: string
    cookies: []
    headers: HarHeader[]
    queryString: HarHeader[]
    postData?: { mimeType: string; text: string; params?: never }
    headersSize: -1
    bodySize: number
    comment?: string
  }
  response: {
    status: number
    statusText: string
    httpVersion: string
    cookies: []
    headers: HarHeader[]
    content: { size: number; mimeType: string; text?: string; comment?: string }
    redirectURL: ''
    headersSize: -1
    bodySize: number
    comment?: string
    _error?: string
  }
  cache: Record<string, never>
  timings: { send: number; wait: number; receive: number }
  comment?: string
  _seq: number
  _fake_clock: string
  _cause: JournalEntryDetail['cause']
  _task_id: string | null
}

export interface Har {
  log: { version: '1.2'; creator: typeof HAR_CREATOR; pages: []; entries: HarEntry[]; comment?: string }
}

const headerList = (message: Message | null): HarHeader[] => Object.entries(message?.headers ?? {}).map(([name, value]) => ({ name, value }))
const typeOf = (message: Message | null): string => message?.headers['content-type'] ?? ''
/** Characters of the body as sent (the journal keeps the first 4,096 of a longer one); -1 when not known. */
const sizeOf = (message: Message | null): number => (message === null || message.body === null ? 0 : (message.truncated ?? message.body.length))
const cut = (message: Message | null): string | undefined =>
  message?.truncated == null ? undefined : `cut: the body had ${message.truncated} characters; the journal keeps the first ${message.body?.length ?? 0}`

export function harEntry(entry: JournalEntryDetail, base: string): HarEntry {
  const url = new URL(`${base}${entry.path}`)
  const request = entry.exchange?.request ?? null
  const response = entry.exchange?.response ?? null
  const kept = entry.exchange !== null
  const gone = 'headers and bodies not kept: the journal holds them within its memory bound'
  const cause = causeText(entry.cause)
  return {
    startedDateTime: entry.wall,
    time: entry.delay_ms,
    request: {
      method: entry.method,
      url: url.href,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: kept ? headerList(request) : [{ name: 'x-api-key', value: entry.api_key }],
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
      ...(request?.body == null ? {} : { postData: { mimeType: typeOf(request), text: request.body } }),
      headersSize: -1,
      bodySize: kept ? sizeOf(request) : -1,
      ...(kept ? (cut(request) === undefined ? {} : { comment: cut(request) }) : { comment: gone }),
    },
    response: {
      status: entry.status ?? 0,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headerList(response),
      content: {
        size: kept ? sizeOf(response) : -1,
        mimeType: typeOf(response),
        ...(response?.body == null ? {} : { text: response.body }),
        ...(cut(response) === undefined ? {} : { comment: cut(response) }),
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: kept ? sizeOf(response) : -1,
      ...(entry.status === null ? { _error: 'the fake dropped the connection (a scenario fault)' } : {}),
    },
    cache: {},
    timings: { send: 0, wait: entry.delay_ms, receive: 0 },
    ...(cause === '' ? {} : { comment: cause }),
    _seq: entry.seq,
    _fake_clock: entry.at,
    _cause: entry.cause,
    _task_id: entry.task_id,
  }
}

/** `entries` oldest first; `base` is where the world answers (`http://127.0.0.1:4010/worlds/qa`), the requests' URLs start there. */
export function journalHar(entries: readonly JournalEntryDetail[], base: string, comment?: string): Har {
  return {
    log: {
      version: '1.2',
      creator: HAR_CREATOR,
      pages: [],
      entries: entries.map((entry) => harEntry(entry, base)),
      ...(comment === undefined ? {} : { comment }),
    },
  }
}
