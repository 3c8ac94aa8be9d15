/**
 * `audio-task-mock record` as a process: it forwards to a fake playing the real service, keeps
 * recording when the upstream goes away (502 JSON to the client), writes the file on SIGTERM
 * and periodically (a SIGKILL loses at most the last second), and writes no key or credential
 * to the file or its output.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parseScenario } from '../../src/scenario/index.js'
import { startServer } from '../../src/server/start-server.js'
import { runCli, startCli } from '../support/spawn-cli.js'

const KEY = 'sk-live-cli-4242-SECRET'
const SCENARIO = `
version: 1
accounts: [{ api_key: ${KEY}, credits: 100 }]
timelines:
  default: [{ status: pending, polls: 1 }, { status: running, polls: 1 }, { status: failure, error: "the upstream model crashed" }]
`
const dir = mkdtempSync(join(tmpdir(), 'record-cli-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const headers = { 'x-api-key': KEY, 'content-type': 'application/json' }
const body = JSON.stringify({ model: 'music-model', task_type: 'lyrics', input: { prompt: 'rain' } })

describe('audio-task-mock record', () => {
  it('survives the upstream going away: 502 JSON to the client, the file written on SIGTERM with all it saw', async () => {
    const upstream = await startServer({ scenario: SCENARIO })
    const out = join(dir, 'session.yaml')
    const recorder = await startCli(['record', '--upstream', upstream.url.replace('http://', 'http://qa:pa55-WORD@'), '--port', '0', '--out', out])
    try {
      const created = (await (await fetch(`${recorder.url}/api/v1/task`, { method: 'POST', headers, body })).json()) as { data: { task_id: string } }
      const statuses: string[] = []
      for (let read = 0; read < 3; read++) {
        const task = (await (await fetch(`${recorder.url}/api/v1/task/${created.data.task_id}`, { headers })).json()) as { data: { status: string } }
        statuses.push(task.data.status)
      }
      expect(statuses).toEqual(['pending', 'running', 'failure'])
      await upstream.close()
      const gone = await fetch(`${recorder.url}/api/v1/task`, { method: 'POST', headers, body })
      expect(gone.status).toBe(502)
      expect(gone.headers.get('content-type')).toBe('application/json')
      expect(await gone.json()).toEqual({
        code: 502,
        message: 'Bad gateway: the upstream service is unreachable (ECONNREFUSED); audio-task-mock record is still recording',
      })
    } finally {
      recorder.child.kill('SIGTERM')
    }
    expect(await recorder.exited).toEqual({ code: 0, signal: null })
    const yaml = readFileSync(out, 'utf8')
    const parsed = parseScenario(yaml, out)
    expect(parsed.ok ? [] : parsed.errors).toEqual([])
    expect(yaml).toContain('{ status: failure, error: the upstream model crashed }')
    // The proxy's own 502 is not the service's answer: it is said in the header, never a fault (issue 39).
    expect(yaml).not.toContain('status: 502')
    expect(yaml).toContain("1 request(s) got no answer from the upstream (unreachable, too slow, or too large): the proxy's own")
    expect(yaml).toMatch(/^# Recorded by audio-task-mock record from http:\/\/127\.0\.0\.1:\d+ \(credentials removed\)\n/)
    expect(recorder.output()).toMatch(/wrote .*session\.yaml: \d+ request\(s\), 1 task\(s\), 0 fault\(s\)\n$/)
    const checked = await runCli(['check', out])
    expect(checked.stderr).toBe('')
    expect(checked.code).toBe(0)
    for (const secret of [KEY, 'SECRET', 'pa55-WORD', 'qa:']) {
      expect(yaml).not.toContain(secret)
      expect(recorder.output()).not.toContain(secret)
    }
  })

  it('writes the file as it goes: a SIGKILL leaves a whole scenario with what was seen', async () => {
    const upstream = await startServer({ scenario: SCENARIO })
    const out = join(dir, 'killed.yaml')
    const recorder = await startCli(['record', '--upstream', upstream.url, '--port', '0', '--out', out, '--quiet'])
    try {
      await fetch(`${recorder.url}/api/v1/task`, { method: 'POST', headers, body })
      // The recorder rewrites the file within a second of a change (bounded wait, 10 s at most).
      for (let tries = 0; tries < 100 && !readFileSync(out, 'utf8').includes('task-1'); tries++) await new Promise((resolve) => setTimeout(resolve, 100))
      recorder.child.kill('SIGKILL')
      await recorder.exited
      const parsed = parseScenario(readFileSync(out, 'utf8'), out)
      expect(parsed.ok && parsed.scenario.timelines.has('task-1')).toBe(true)
      expect(recorder.output()).not.toContain('POST /api/v1/task')
    } finally {
      recorder.child.kill('SIGKILL')
      await upstream.close()
    }
  })

  it('explains wrong flags and exits 2', async () => {
    const missing = await runCli(['record', '--upstream', 'http://127.0.0.1:1'])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('audio-task-mock record: --upstream and --out are required')
    const unwritable = await runCli(['record', '--upstream', 'http://127.0.0.1:1', '--port', '0', '--out', join(dir, 'no-such-dir', 'x.yaml')])
    expect(unwritable.code).toBe(2)
    expect(unwritable.stderr).toMatch(/^audio-task-mock record: cannot write .*x\.yaml: ENOENT/)
    const help = await runCli(['record', '--help'])
    expect(help.code).toBe(0)
    expect(help.stdout).toContain('--upstream URL')
  })
})
