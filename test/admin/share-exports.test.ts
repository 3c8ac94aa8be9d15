/**
 * What QA shares (issue 39): the journal as HAR 1.2 (checked against the community JSON Schema of
 * HAR, har-schema, and the spec's own rules that a schema cannot say), the run as one file, read
 * back, and two runs diffed request by request.
 */
import { createRequire } from 'node:module'
import Ajv from 'ajv'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { align, diffRuns } from '../../src/admin/run-diff.js'
import { parseRun, readRun } from '../../src/admin/run-file.js'
import { createTask, getTask, getUsage } from '../support/api-calls.js'
import { createMock } from '../../src/mock/create-mock.js'
import { parseScenario } from '../../src/scenario/load.js'

const SCENARIO = `version: 1
name: share
seed: 5
clock: { mode: manual, start: "2026-01-01T00:00:00.000Z" }
accounts:
  - { api_key: qa-secret-key-1, credits: 15 }
faults:
  - match: { endpoint: get_task, nth: 2 }
    respond: { status: 500, message: upstream hiccup }
  - match: { endpoint: usage, nth: 2 }
    drop: true
`
const KEY = 'qa-secret-key-1'
const music = (prompt: string) => JSON.stringify({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: `${prompt} by ${KEY}` } })

/** A session: a create (202), reads (200, a fault's 500), a 402, a usage, a dropped usage, a 401. */
function session(options: { seed?: number; extraUsage?: boolean; faultNth?: number } = {}) {
  const scenario = options.faultNth === undefined ? SCENARIO : SCENARIO.replace('nth: 2 }\n    respond', `nth: ${options.faultNth} }\n    respond`)
  const mock = createMock({ scenario, seed: options.seed, wallNow: () => Date.parse('2026-03-01T10:00:00.000Z') })
  const origin = 'http://127.0.0.1:4010'
  const created = createTask(mock.world, { apiKey: KEY, origin, contentType: 'application/json', body: music('rain') }).response!
  const id = (JSON.parse(created.body) as { data: { task_id: string } }).data.task_id
  for (let read = 0; read < 3; read++) getTask(mock.world, { apiKey: KEY, origin }, id)
  createTask(mock.world, { apiKey: KEY, origin, contentType: 'application/json', body: music('snow') })
  getUsage(mock.world, { apiKey: KEY, origin })
  if (options.extraUsage === true) getUsage(mock.world, { apiKey: KEY, origin })
  getUsage(mock.world, { apiKey: KEY, origin })
  getUsage(mock.world, { apiKey: null, origin })
  return mock
}

function harValidator() {
  const require = createRequire(import.meta.url)
  const schemas = require('har-schema') as Record<string, { $id: string }>
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false })
  ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json') as object)
  for (const schema of Object.values(schemas)) ajv.addSchema(schema)
  return ajv.getSchema('har.json#')!
}

describe('the journal as HAR 1.2', () => {
  it('passes the HAR schema and the spec’s rules, and holds no key in clear', () => {
    const har = session().exportHar({ baseUrl: 'http://127.0.0.1:4010/worlds/qa' })
    const valid = harValidator()
    expect(valid(har), JSON.stringify(valid.errors)).toBe(true)
    const { log } = har
    expect(log.version).toBe('1.2')
    expect(log.entries).toHaveLength(8)
    for (const entry of log.entries) {
      // HAR 1.2: "time" is the sum of the timings that are not -1; custom fields start with "_".
      const { send, wait, receive } = entry.timings
      expect(entry.time).toBe([send, wait, receive].filter((value) => value !== -1).reduce((a, b) => a + b, 0))
      expect(Date.parse(entry.startedDateTime)).not.toBeNaN()
      for (const name of [...Object.keys(entry), ...Object.keys(entry.request), ...Object.keys(entry.response)]) {
        expect(
          [
            'startedDateTime',
            'time',
            'request',
            'response',
            'cache',
            'timings',
            'comment',
            'pageref',
            'serverIPAddress',
            'connection',
            'method',
            'url',
            'httpVersion',
            'cookies',
            'headers',
            'queryString',
            'postData',
            'headersSize',
            'bodySize',
            'status',
            'statusText',
            'content',
            'redirectURL',
          ].includes(name) || name.startsWith('_'),
          name,
        ).toBe(true)
      }
      expect(entry.request.url.startsWith('http://127.0.0.1:4010/worlds/qa/')).toBe(true)
    }
    const [create, , fault] = log.entries
    expect(create!.request).toMatchObject({ method: 'POST', postData: { mimeType: 'application/json' } })
    expect(create!.response.status).toBe(202)
    expect(fault!).toMatchObject({
      comment: 'fault #0 (line 8): respond',
      response: { status: 500, content: { text: '{"code":500,"message":"upstream hiccup"}' } },
    })
    const dropped = log.entries.find((entry) => entry.response.status === 0)!
    expect(dropped.response._error).toMatch(/dropped the connection/)
    expect(JSON.stringify(har)).not.toContain(KEY)
    expect(create!.request.headers).toContainEqual({ name: 'x-api-key', value: 'qa-s…ey-1' })
  })
})

describe('a run as one file', () => {
  it('holds the scenario, the journal with bodies, the report and a scenario that replays it, and reads back', () => {
    const run = session().exportRun()
    const read = parseRun(JSON.stringify(run))
    expect(read.ok).toBe(true)
    expect(run.scenario.text).toBe(SCENARIO.replace(KEY, 'qa-s…ey-1'))
    expect(run.journal.entries.map((entry) => entry.status)).toEqual([202, 200, 500, 200, 402, 200, null, 401])
    expect(run.journal.entries[0]!.exchange?.request.body).toContain('rain')
    expect(run.report.requests).toBe(8)
    expect(parseScenario(run.replay, 'replay.yaml').ok).toBe(true)
    expect(JSON.stringify(run)).not.toContain(KEY)
  })

  it('says which part of a file that is not a run is wrong', () => {
    expect(parseRun('{"format":"har"}')).toEqual({ ok: false, message: 'format: expected "audio-task-mock-run", got "har"' })
    expect(parseRun('nope').ok).toBe(false)
    const run = session().exportRun() as unknown as Record<string, unknown>
    expect(readRun({ ...run, journal: { entries: [{ seq: 1 }] } })).toEqual({
      ok: false,
      message: 'journal.entries.0: expected a journal entry with seq, method and path',
    })
  })
})

describe('two runs diffed request by request', () => {
  const entries = (mock: ReturnType<typeof session>) => mock.exportRun().journal.entries

  it('finds nothing between two runs of the same session, whatever their task ids', () => {
    const diff = diffRuns(entries(session()), entries(session({ seed: 77 })))
    expect(diff.counts).toEqual({ same: 8, changed: 0, only_a: 0, only_b: 0 })
  })

  it('shows one extra request as one row, and the answers that differ field by field', () => {
    const diff = diffRuns(entries(session()), entries(session({ extraUsage: true, faultNth: 3 })))
    expect(diff.aligned).toBe('sequence')
    expect(diff.counts).toEqual({ same: 6, changed: 2, only_a: 0, only_b: 1 })
    const changed = diff.rows.filter((row) => row.kind === 'changed')
    // The fault moved from the 2nd read to the 3rd.
    expect(changed.map((row) => [row.a, row.b])).toEqual([
      [2, 2],
      [3, 3],
    ])
    expect(changed[0]!.changes.slice(0, 2)).toEqual([
      { field: 'status', a: '500', b: '200' },
      { field: 'task status', a: '—', b: 'running' },
    ])
    expect(changed[1]!.changes[0]).toEqual({ field: 'status', a: '200', b: '500' })
    expect(diff.rows.find((row) => row.kind === 'only_b')).toMatchObject({ a: null, b: 7 })
  })

  it('lines sequences up by a shortest edit script: every equal pair matched, as many as a longest common subsequence', () => {
    const lcs = (a: string[], b: string[]) => {
      const row = new Array<number>(b.length + 1).fill(0)
      for (const x of a) {
        let diagonal = 0
        for (let j = 1; j <= b.length; j++) {
          const above = row[j]!
          row[j] = x === b[j - 1] ? diagonal + 1 : Math.max(row[j]!, row[j - 1]!)
          diagonal = above
        }
      }
      return row[b.length]!
    }
    const letters = fc.array(fc.constantFrom('a', 'b', 'c'), { maxLength: 30 })
    fc.assert(
      fc.property(letters, letters, (a, b) => {
        const pairs = align(a, b)!
        expect(pairs.filter(([i]) => i !== null).map(([i]) => i)).toEqual(a.map((_, i) => i))
        expect(pairs.filter(([, j]) => j !== null).map(([, j]) => j)).toEqual(b.map((_, j) => j))
        const matched = pairs.filter(([i, j]) => i !== null && j !== null)
        for (const [i, j] of matched) expect(a[i!]).toBe(b[j!])
        expect(matched).toHaveLength(lcs(a, b))
      }),
    )
  })

  it('lines runs up by position past the edit limit', () => {
    expect(align(['a', 'b'], ['c', 'd'], 1)).toBeNull()
    expect(diffRuns(entries(session()), entries(session({ extraUsage: true })), 0).aligned).toBe('position')
  })
})
