/**
 * The file `record` writes: checked with the scenario loader before it replaces anything (a text
 * the loader refuses is not written, and the reason names FILE:LINE:COL), written off the event
 * loop, and made of pieces so that a session of thousands of tasks re-renders only what changed.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { Recording } from '../../src/record/recording.js'
import { ScenarioFile, ScenarioRefused } from '../../src/record/scenario-file.js'
import { ScenarioWriter } from '../../src/record/scenario-writer.js'
import { writeScenario } from '../../src/record/write-scenario.js'

const dir = mkdtempSync(join(tmpdir(), 'scenario-file-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('ScenarioFile', () => {
  it('does not replace the file with a text the loader refuses, and says where and why', async () => {
    const out = join(dir, 'refused.yaml')
    writeFileSync(out, 'version: 1\n')
    const file = new ScenarioFile(out, () => 'version: 1\naccounts:\n  - { api_key: k, credits: 1, __proto__: 1 }\n')
    const refused = await file.write('whole').then(
      () => null,
      (error: unknown) => error,
    )
    expect(refused).toBeInstanceOf(ScenarioRefused)
    expect((refused as Error).message).toContain(`${out}:3:`)
    expect((refused as Error).message).toContain('__proto__')
    expect(readFileSync(out, 'utf8')).toBe('version: 1\n')
  })

  it('writes a text the loader accepts, whole, leaving no temporary file', async () => {
    const out = join(dir, 'ok.yaml')
    const file = new ScenarioFile(out, () => 'version: 1\nname: ok\n')
    await file.write('whole')
    expect(readFileSync(out, 'utf8')).toBe('version: 1\nname: ok\n')
    expect(existsSync(join(dir, `.ok.yaml.${process.pid}.tmp`))).toBe(false)
  })
})

describe('ScenarioWriter', () => {
  const created = (id: string) =>
    JSON.stringify({ code: 202, data: { task_id: id, type: 'lyrics', status: 'pending', credits_charged: 5, created_at: '2026-01-01T00:00:00.000Z' } })
  const body = JSON.stringify({ model: 'm', task_type: 'lyrics', input: { prompt: 'p' } })
  const read = (id: string, status: string) => JSON.stringify({ code: 200, data: { task_id: id, type: 'lyrics', status } })

  it('renders a task again only when what it shows changed, and gives the same text as a fresh rendering', () => {
    const recording = new Recording()
    for (let index = 0; index < 200; index++) {
      const response = { status: 202, headers: {}, body: created(`t${index}`) }
      recording.add({ at: index, method: 'POST', path: '/api/v1/task', apiKey: 'key-1234', contentType: 'application/json', body, response })
    }
    const writer = new ScenarioWriter()
    const meta = { upstream: 'u', wallNow: 0 }
    writer.render(recording.session(meta))
    expect(writer.piecesRendered).toBe(200)
    recording.add({
      at: 500,
      method: 'GET',
      path: '/api/v1/task/t7',
      apiKey: 'key-1234',
      contentType: null,
      body: '',
      response: { status: 200, headers: {}, body: read('t7', 'running') },
    })
    const again = writer.render(recording.session(meta))
    expect(writer.piecesRendered).toBe(201)
    expect(again.text).toBe(writeScenario(recording.session(meta)))
    expect(again.text).toContain('running')
  })
})
