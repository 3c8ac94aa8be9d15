/**
 * `record` as a process, in front of an upstream whose answers hold what the loader refuses (a
 * `__proto__` key, nesting over 64 levels, a creation date past the clock's horizon): the file
 * it writes is one `check` accepts, and its output says what was not kept. Before, it said
 * "wrote" for a file `check` refused.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { runCli, startCli } from '../support/spawn-cli.js'
import { fakeUpstream } from '../record/fake-upstream.js'

const dir = mkdtempSync(join(tmpdir(), 'record-loadable-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

it('writes a file check accepts from answers the loader would refuse, and says what it left out', async () => {
  let deep = '"bottom"'
  for (let level = 0; level < 70; level++) deep = `{"a":${deep}}`
  const far = '+010000-01-01T00:00:00.000Z'
  const upstream = await fakeUpstream(({ method, path }) => {
    if (method === 'POST')
      return { status: 202, body: `{"code":202,"data":{"task_id":"t1","type":"music","status":"pending","credits_charged":10,"created_at":"${far}"}}` }
    if (path === '/api/v1/task/t1') {
      return {
        status: 200,
        body: `{"code":200,"data":{"task_id":"t1","type":"music","status":"success","error":null,"created_at":"${far}","completed_at":"${far}","output":{"__proto__":{"x":1},"deep":${deep}}}}`,
      }
    }
    return { status: 404, body: { code: 404, message: 'no' } }
  })
  const out = join(dir, 'session.yaml')
  const recorder = await startCli(['record', '--upstream', upstream.url, '--port', '0', '--out', out, '--quiet'])
  try {
    const headers = { 'x-api-key': 'sk-loadable-1234', 'content-type': 'application/json' }
    const body = JSON.stringify({ model: 'm', task_type: 'music', input: { gpt_description_prompt: 'p' } })
    expect((await fetch(`${recorder.url}/api/v1/task`, { method: 'POST', headers, body })).status).toBe(202)
    expect((await fetch(`${recorder.url}/api/v1/task/t1`, { headers })).status).toBe(200)
  } finally {
    recorder.child.kill('SIGTERM')
  }
  expect(await recorder.exited).toEqual({ code: 0, signal: null })
  await upstream.close()
  const checked = await runCli(['check', out])
  expect(checked.stderr).toBe('')
  expect(checked.code).toBe(0)
  expect(recorder.output()).toMatch(/note: task-1: output not kept \(timelines\.task-1\.1\.output/)
  expect(readFileSync(out, 'utf8')).toContain('its output is not kept')
})
