/** The page's sharing helpers, in Node: its address (what is shown, never the token) and a request copied as curl or fetch. */
import { execFileSync } from 'node:child_process'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseView, TABS, viewHash, type View } from '../../src/inspector/page/address.js'
import { asCurl, asFetch, shellQuote, type CopiedRequest } from '../../src/inspector/page/copy-request.js'

describe('the page’s address', () => {
  it('reads a tab, the thing shown and the filters, and writes them back', () => {
    expect(parseView('#requests/12?status=5xx&key=ke%E2%80%A601')).toEqual({ tab: 'requests', id: '12', params: { status: '5xx', key: 'ke…01' } })
    expect(parseView('#report/poll_too_fast')).toEqual({ tab: 'report', id: 'poll_too_fast', params: {} })
    expect(parseView('')).toEqual({ tab: 'tasks', id: null, params: {} })
    expect(parseView('#nowhere/3')).toEqual({ tab: 'tasks', id: null, params: {} })
    expect(viewHash({ tab: 'tasks', id: 'a b', params: { key: 'ke…07', status: '' } })).toBe('#tasks/a%20b?key=ke%E2%80%A607')
  })

  it('never reads or writes the admin token', () => {
    expect(parseView('#requests?token=secret&status=500').params).toEqual({ status: '500' })
    expect(viewHash({ tab: 'requests', id: null, params: { token: 'secret' } })).toBe('#requests')
  })

  it('gives back any view it wrote', () => {
    const text = fc.string({ minLength: 1, maxLength: 12 })
    const view = fc.record({
      tab: fc.constantFrom(...TABS),
      id: fc.option(text, { nil: null }),
      params: fc.dictionary(fc.constantFrom('status', 'key', 'q', 'rule', 'task'), text),
    })
    fc.assert(
      fc.property(view, (shown: View) => {
        expect(parseView(viewHash(shown))).toEqual(shown)
      }),
    )
  })
})

describe('a request copied', () => {
  const request: CopiedRequest = {
    method: 'POST',
    url: 'http://127.0.0.1:4010/api/v1/task',
    headers: { 'x-api-key': 'ke…01', 'content-type': 'application/json' },
    body: `{"input":{"prompt":"it's ke…01's song"}}`,
    truncated: null,
  }

  it('as curl and fetch, the key as its label unless asked in clear (header and body)', () => {
    expect(asCurl(request)).toBe(
      `curl -X POST 'http://127.0.0.1:4010/api/v1/task' -H 'x-api-key: ke…01' -H 'content-type: application/json' --data-binary '{"input":{"prompt":"it'\\''s ke…01'\\''s song"}}'`,
    )
    const clear = asFetch(request, { key: { label: 'ke…01', apiKey: 'key-01' } })
    expect(clear).not.toContain('ke…01')
    expect(clear).toContain('"x-api-key": "key-01"')
    expect(JSON.parse(clear.slice(clear.indexOf(', ') + 2, -1)).body).toBe(`{"input":{"prompt":"it's key-01's song"}}`)
    expect(asCurl({ ...request, method: 'GET', body: null })).toBe(
      `curl 'http://127.0.0.1:4010/api/v1/task' -H 'x-api-key: ke…01' -H 'content-type: application/json'`,
    )
  })

  it('says when the journal kept only the start of the body', () => {
    expect(asCurl({ ...request, truncated: 9000 }).split('\n')[0]).toMatch(/^# the journal kept the first \d+ of 9000 characters/)
  })

  it('quotes any text as one shell word', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 40 }).filter((text) => !text.includes('\0')),
        (text) => {
          expect(execFileSync('sh', ['-c', `printf %s ${shellQuote(text)}`], { encoding: 'utf8' })).toBe(text)
        },
      ),
      { numRuns: 25 },
    )
  })
})
