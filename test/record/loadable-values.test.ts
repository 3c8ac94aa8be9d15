/**
 * Recorded values the scenario loader refuses (a `__proto__` key or nesting over 64 levels in an
 * output, instants past the clock's horizon, an empty error) and outputs over the size cap: the
 * written file still loads, and says in a comment what it did not keep and why.
 */
import { describe, expect, it } from 'vitest'
import { MAX_RECORDED_OUTPUT_BYTES, Recording, type Exchange } from '../../src/record/recording.js'
import { writeScenario } from '../../src/record/write-scenario.js'
import { parseScenario } from '../../src/scenario/index.js'

const KEY = 'sk-values-key-1234'

function session(task: Record<string, unknown>, created = '2026-01-01T00:00:00.000Z'): string {
  const recording = new Recording()
  const exchange = (at: number, method: string, path: string, status: number, body: string): Exchange => ({
    at,
    method,
    path,
    apiKey: KEY,
    contentType: method === 'POST' ? 'application/json' : null,
    body: method === 'POST' ? JSON.stringify({ model: 'm', task_type: 'music', input: { gpt_description_prompt: 'p' } }) : '',
    response: { status, headers: {}, body },
  })
  recording.add(
    exchange(
      0,
      'POST',
      '/api/v1/task',
      202,
      JSON.stringify({ code: 202, data: { task_id: 't1', type: 'music', status: 'pending', credits_charged: 10, created_at: created } }),
    ),
  )
  const data = { task_id: 't1', type: 'music', created_at: created, ...task }
  // Written by hand: JSON.stringify would drop a "__proto__" key that JSON.parse keeps as a field.
  const text = `{"code":200,"data":${JSON.stringify(data).replace('"OWN_PROTO"', '"__proto__"')}}`
  recording.add(exchange(10_000, 'GET', '/api/v1/task/t1', 200, text))
  return writeScenario(recording.session({ upstream: 'u', wallNow: 0 }))
}

function loads(yaml: string): string[] {
  const parsed = parseScenario(yaml, 'recorded.yaml')
  return parsed.ok ? [] : parsed.errors.map((error) => `${error.line}:${error.col}: ${error.message}`)
}

const success = (output: unknown) => ({ status: 'success', error: null, completed_at: '2026-01-01T00:00:05.000Z', output })

describe('values the loader refuses, recorded', () => {
  it('a "__proto__" key in an output: the file loads, without that output, and says why', () => {
    const yaml = session(success({ title: 'x', OWN_PROTO: { polluted: true } }))
    expect(loads(yaml)).toEqual([])
    expect(yaml).toContain('its output is not kept')
    expect(yaml).toContain('__proto__')
    expect(yaml).not.toMatch(/^\s+__proto__:/m)
  })

  it('an output nested deeper than 64 levels: the file loads without it', () => {
    let deep: unknown = 'bottom'
    for (let level = 0; level < 70; level++) deep = { a: deep }
    const yaml = session(success({ title: 'x', deep }))
    expect(loads(yaml)).toEqual([])
    expect(yaml).toContain('its output is not kept')
  })

  it('instants past the clock horizon are not believed: the clock starts on the recorder time line', () => {
    const yaml = session({ status: 'success', error: null, completed_at: '+020000-01-01T00:00:00.000Z', output: null }, '+010000-01-01T00:00:00.000Z')
    expect(loads(yaml)).toEqual([])
    expect(yaml).toMatch(/clock: \{ mode: auto, speed: 1, start: 1970-01-01T00:00:00\.000Z \}/)
  })

  it('a completion more than 10 years after creation is not believed either', () => {
    const yaml = session({ status: 'failure', error: 'late', completed_at: '2099-01-01T00:00:00.000Z', output: null })
    expect(loads(yaml)).toEqual([])
  })

  it('an empty error message replays as a failure with a message the loader takes', () => {
    const yaml = session({ status: 'failure', error: '', completed_at: '2026-01-01T00:00:05.000Z', output: null })
    expect(loads(yaml)).toEqual([])
  })

  it(`an output over the cap (${MAX_RECORDED_OUTPUT_BYTES} bytes) is not kept: the replay generates its own, a comment says so`, () => {
    const yaml = session(success({ title: 'big', text: 'x'.repeat(MAX_RECORDED_OUTPUT_BYTES + 1) }))
    expect(loads(yaml)).toEqual([])
    expect(yaml.length).toBeLessThan(10_000)
    expect(yaml).toMatch(/output of about \d+ bytes not kept \(over the cap of \d+ bytes\)/)
    const small = session(success({ title: 'small', text: 'la la' }))
    expect(small).toContain('text: la la')
  })
})
