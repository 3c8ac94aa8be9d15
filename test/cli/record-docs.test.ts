/**
 * docs/record-and-replay.md's command lines, run in their order as written (bash, in a fresh
 * folder, the built CLI as `audio-task-mock`), with two substitutions only, since tests send
 * traffic to loopback and on free ports: the upstream `https://api.example.com` is a fake on
 * 127.0.0.1 that plays the real service (the bundled happy-path scenario), and `--port 4011` is
 * `--port 0` (the client reads the port from the proxy's `listening on` line). The comment line is
 * what the test does: a client session through the proxy, then Ctrl-C (SIGINT to the group).
 */
import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { blockOf } from '../support/doc-blocks.js'
import { pathWithCli, runLine, startLine, type RunningLine } from '../support/doc-shell.js'

const lines = blockOf('docs/record-and-replay.md', 'sh', 'audio-task-mock record').text.split('\n')

/** Creates a music task and reads it until it ends: the statuses it saw, and the first clip's title. */
async function session(url: string, key: string): Promise<string[]> {
  const headers = { 'x-api-key': key, 'content-type': 'application/json' }
  const body = JSON.stringify({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: 'lofi' } })
  const created = await fetch(`${url}/api/v1/task`, { method: 'POST', headers, body })
  const seen = [String(created.status)]
  const id = ((await created.json()) as { data: { task_id: string } }).data.task_id
  for (let read = 0; read < 10 && !seen.includes('success'); read++) {
    const task = (await (await fetch(`${url}/api/v1/task/${id}`, { headers })).json()) as {
      data: { status: string; output?: { result: Array<{ title: string }> } }
    }
    seen.push(task.data.status)
    if (task.data.output) seen.push(task.data.output.result[0]!.title)
  }
  return seen
}

async function stopped(line: RunningLine): Promise<number | null> {
  line.signal('SIGINT')
  return line.exited
}

it('records a session through the proxy, checks the file, and replays it for recorded-key-1', async () => {
  expect(lines).toHaveLength(4)
  const [record, comment, check, replay] = lines as [string, string, string, string]
  expect(comment).toMatch(/^# point the client at http:\/\/127\.0\.0\.1:4011, run the session, then Ctrl-C$/)
  expect(record).toContain(' --upstream https://api.example.com ')
  expect(record).toMatch(/ --port 4011$/)
  const dir = mkdtempSync(join(tmpdir(), 'atm-record-doc-'))
  const env = { PATH: pathWithCli(), AUDIO_TASK_MOCK_PORT: '0' }

  const upstream = startLine('exec audio-task-mock --scenario happy-path', dir, env)
  const upstreamUrl = await upstream.ready
  let recorded: string[]
  try {
    const proxy = startLine(record.replace('https://api.example.com', upstreamUrl).replace(/--port 4011$/, '--port 0'), dir, env)
    recorded = await session(await proxy.ready, 'happy-key')
    expect(await stopped(proxy), proxy.output()).toBe(0)
  } finally {
    await stopped(upstream)
  }
  expect(recorded).toEqual(['202', 'pending', 'running', 'success', 'Happy Path A'])
  expect(existsSync(join(dir, 'session.yaml'))).toBe(true)

  const checked = await runLine(check, dir, env)
  expect(checked.code, checked.output).toBe(0)
  expect(checked.stdout).toContain('session.yaml: ok')

  expect(replay).toMatch(/# the replay; clients send recorded-key-1, \.\.\.$/)
  const fake = startLine(replay, dir, env)
  try {
    expect(await session(await fake.ready, 'recorded-key-1')).toEqual(recorded)
  } finally {
    expect(await stopped(fake), fake.output()).toBe(0)
  }
})
