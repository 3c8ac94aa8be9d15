/**
 * Lingering close (issue 38): a create over the body limit is answered 413 before its body is
 * read, and the server keeps reading and discarding the rest for a bounded time and size before
 * it closes, so a client still writing reads the 413 rather than EPIPE or ECONNRESET. The server
 * runs in its own process, as users run it: in the test's own process the client and the server
 * take turns on one thread, which hid the race (fetch met EPIPE in 12 of 100 tries in issue 38).
 */
import { execFile, spawnSync } from 'node:child_process'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startCli, type Started } from '../support/spawn-cli.js'

const run = promisify(execFile)
const TRIES = 1_000
/** A create of 2 MB: twice the default limit (1 MiB). */
const BODY = JSON.stringify({ model: 'music-model', task_type: 'lyrics', input: { prompt: 'x'.repeat(2_000_000) } })
const LIMIT_MESSAGE = /^Request body too large: \d+ bytes or more, the limit is 1048576 bytes$/

let cli: Started
beforeAll(async () => {
  cli = await startCli(['--port', '0', '--host', '127.0.0.1'])
})
afterAll(async () => {
  cli.child.kill('SIGTERM')
  await cli.exited
})

it(`fetch reads the 413 of a 2 MB create in ${TRIES} of ${TRIES} tries (no EPIPE, no ECONNRESET)`, { timeout: 240_000 }, async () => {
  const failures = new Map<string, number>()
  let answered = 0
  for (let i = 0; i < TRIES; i++) {
    try {
      const response = await fetch(`${cli.url}/api/v1/task`, {
        method: 'POST',
        headers: { 'x-api-key': 'demo-key', 'content-type': 'application/json' },
        body: BODY,
      })
      const body = (await response.json()) as { code: number; message: string }
      expect(response.status).toBe(413)
      expect(body).toEqual({ code: 413, message: expect.stringMatching(LIMIT_MESSAGE) })
      answered += 1
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message
      failures.set(cause, (failures.get(cause) ?? 0) + 1)
    }
  }
  expect(Object.fromEntries(failures)).toEqual({})
  expect(answered).toBe(TRIES)
  // Nothing of those bodies was kept: the fake still serves, and made no task.
  const usage = await fetch(`${cli.url}/api/v1/account/usage`, { headers: { 'x-api-key': 'demo-key' } })
  expect(((await usage.json()) as { data: { tasks_created: number } }).data.tasks_created).toBe(0)
})

it('python3 urllib reads the 413 of a 2 MB create', { timeout: 60_000, tags: ['python3'] }, async () => {
  const script = [
    'import json, sys, urllib.request, urllib.error',
    'body = json.dumps({"model": "music-model", "task_type": "lyrics", "input": {"prompt": "x" * 2000000}}).encode()',
    'request = urllib.request.Request(sys.argv[1] + "/api/v1/task", data=body, method="POST",',
    '    headers={"x-api-key": "demo-key", "content-type": "application/json"})',
    'for _ in range(20):',
    '    try:',
    '        urllib.request.urlopen(request)',
    '        sys.exit("accepted")',
    '    except urllib.error.HTTPError as error:',
    '        print(error.code, error.read().decode())',
  ].join('\n')
  const { stdout } = await run('python3', ['-c', script, cli.url])
  const lines = stdout.trim().split('\n')
  expect(lines).toHaveLength(20)
  for (const line of lines) {
    const [status, ...rest] = line.split(' ')
    expect(status).toBe('413')
    expect(JSON.parse(rest.join(' '))).toEqual({ code: 413, message: expect.stringMatching(LIMIT_MESSAGE) })
  }
})

const curlMissing = spawnSync('curl', ['--version']).error !== undefined
if (curlMissing) console.warn('lingering-close.test.ts: the curl test is skipped: curl is not on PATH')

it.skipIf(curlMissing)('curl reads the 413 of a 2 MB create', { timeout: 60_000 }, async () => {
  const file = join(await mkdtemp(join(tmpdir(), 'atm-linger-')), 'create.json')
  await writeFile(file, BODY)
  for (let i = 0; i < 20; i++) {
    const { stdout } = await run('curl', [
      '-sS',
      '-w',
      '\n%{http_code}',
      '-H',
      'x-api-key: demo-key',
      '-H',
      'content-type: application/json',
      '--data-binary',
      `@${file}`,
      `${cli.url}/api/v1/task`,
    ]).catch((error: unknown) => {
      throw new Error(`curl failed: ${String((error as { stderr?: string }).stderr ?? error)}`)
    })
    const [body, status] = stdout.split('\n')
    expect(status).toBe('413')
    expect(JSON.parse(body!)).toEqual({ code: 413, message: expect.stringMatching(LIMIT_MESSAGE) })
  }
})
