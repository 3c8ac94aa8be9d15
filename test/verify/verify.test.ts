/**
 * `verify` against the fake itself (it must pass), against a deliberately broken build and a fake
 * running a broken scenario (it must fail, saying precisely what and where). Polling uses an
 * injected sleep and clock: the pace is asserted, never waited for.
 */
import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, test } from 'vitest'
import { startServer, type RunningServer } from '../../src/server/start-server.js'
import { formatVerifyReport } from '../../src/verify/verify-report.js'
import { runVerify } from '../../src/verify/run-verify.js'
import { startBrokenService } from './broken-service.js'

const DEFAULT_YAML = readFileSync(new URL('../../scenarios/default.yaml', import.meta.url), 'utf8')
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g

let closing: Array<() => Promise<void>> = []
afterEach(async () => {
  await Promise.all(closing.map((close) => close()))
  closing = []
})

async function fake(scenario: string): Promise<RunningServer> {
  const running = await startServer({ scenario, port: 0 })
  closing.push(() => running.close())
  return running
}

/** The default scenario with one part replaced; fails loudly if that part is not there. */
function editedDefault(from: string, to: string): string {
  if (!DEFAULT_YAML.includes(from)) throw new Error(`scenarios/default.yaml has no ${JSON.stringify(from)}`)
  return DEFAULT_YAML.replace(from, to)
}

/** A sleep that moves a pretend clock instead of waiting. */
function pretendTime() {
  const slept: number[] = []
  let now = 0
  return { slept, sleep: async (ms: number) => void slept.push((now += ms) && ms), now: () => now }
}

describe('verify', () => {
  test('passes against the fake, reading the task every 5 s by default', async () => {
    const running = await fake(DEFAULT_YAML)
    const time = pretendTime()
    const result = await runVerify({ baseUrl: running.url, apiKey: 'demo-key', otherApiKey: 'demo-key-2', sleep: time.sleep, now: time.now })
    expect(result.checks.map((check) => [check.id, check.outcome])).toEqual([
      ['auth.usage.no-key', 'pass'],
      ['auth.usage.bad-key', 'pass'],
      ['auth.task.no-key', 'pass'],
      ['auth.create.no-key', 'pass'],
      ['auth.create.bad-key', 'pass'],
      ['task.not-found', 'pass'],
      ['create.model-missing', 'pass'],
      ['create.task-type-missing', 'pass'],
      ['create.task-type-invalid', 'pass'],
      ['create.input-missing', 'pass'],
      ['usage.shape', 'pass'],
      ['lyrics.create', 'pass'],
      ['lyrics.poll', 'pass'],
      ['lyrics.other-key', 'pass'],
      ['usage.counts', 'pass'],
    ])
    expect(result).toMatchObject({ ok: true, paid: 1 })
    expect(time.slept).toEqual([5_000, 5_000, 5_000, 5_000])
    expect(result.checks.find((check) => check.id === 'lyrics.poll')!.note).toBe('success after 4 reads, 20.0 s')
    expect(formatVerifyReport(result)).toMatch(/\n15 checks: 15 passed, 0 failed, 0 skipped; 1 paid task created\n$/)
  })

  test('runs a music task too when asked, within --allow-paid', async () => {
    const running = await fake(DEFAULT_YAML)
    const result = await runVerify({ baseUrl: running.url, apiKey: 'demo-key', tasks: ['lyrics', 'music'], allowPaid: 2, pollIntervalMs: 0 })
    expect(result.checks.filter((check) => check.id.startsWith('music.')).map((check) => check.outcome)).toEqual(['pass', 'pass', 'skip'])
    expect(result).toMatchObject({ ok: true, paid: 2 })
    expect((await fetch(`${running.url}/api/v1/account/usage`, { headers: { 'x-api-key': 'demo-key' } }).then((r) => r.json())).data.tasks_created).toBe(2)
  })

  test('refuses to plan more paid tasks than allowed, before sending anything', async () => {
    const running = await fake(DEFAULT_YAML)
    await expect(runVerify({ baseUrl: running.url, apiKey: 'demo-key', tasks: ['lyrics', 'music'] })).rejects.toThrow(
      'this run would create 2 paid tasks (lyrics, music) but at most 1 is allowed; pass --allow-paid 2 to go ahead, or --tasks none',
    )
    await expect(runVerify({ baseUrl: 'https://audio.example.com', apiKey: 'k', pollIntervalMs: 200 })).rejects.toThrow(
      '--poll-interval under 1s is only for a fake on a loopback address; the spec asks clients not to poll audio.example.com more than once per second',
    )
    await expect(runVerify({ baseUrl: running.url, apiKey: 'demo-key', allowPaid: 0 })).rejects.toThrow(
      'this run would create 1 paid task (lyrics) but at most 0 are allowed; pass --allow-paid 1 to go ahead, or --tasks none',
    )
    expect(running.mock.world.tasks.size).toBe(0)
  })

  test('fails against a broken build, with the offending responses', async () => {
    const broken = await startBrokenService()
    closing.push(() => broken.close())
    const result = await runVerify({ baseUrl: broken.url, apiKey: 'good-key', pollIntervalMs: 0 })
    expect(result.ok).toBe(false)
    const report = formatVerifyReport(result).replaceAll(broken.url, 'URL').replace(UUID, 'UUID').replace(UUID, 'UUID').replace(UUID, 'UUID')
    expect(report).toBe(`audio-task-mock verify URL

result  check                     what
FAIL    auth.usage.no-key         usage without x-api-key answers 401
PASS    auth.usage.bad-key        usage with an unknown key answers 401
PASS    auth.task.no-key          Get Task without x-api-key answers 401
PASS    auth.create.no-key        Create Task without x-api-key answers 401
PASS    auth.create.bad-key       Create Task with an unknown key answers 401
FAIL    task.not-found            an unknown task id answers 404
FAIL    create.model-missing      Create Task without model answers 400
PASS    create.task-type-missing  Create Task without task_type answers 400
PASS    create.task-type-invalid  Create Task with an unknown task_type answers 400
PASS    create.input-missing      Create Task without input answers 400
FAIL    usage.shape               usage answers 200 with tasks_created, credits_used, credits_topped_up
SKIP    lyrics.create             Create Task (lyrics) answers 202 with a pending task (the paid-task budget is spent: 1 created, --allow-paid 1)
SKIP    lyrics.poll               Get Task (lyrics) moves forward to a final status, read at the set pace (no lyrics task was created)
SKIP    lyrics.other-key          another account reading the lyrics task gets 404 (no --other-api-key given)
SKIP    usage.counts              usage counts the tasks created and the credits of successful ones (usage before is unknown)

FAIL auth.usage.no-key: usage without x-api-key answers 401
  - GET /api/v1/account/usage: 401 body at /: missing required field "code" (error bodies {code, message}: inferred)
  - GET /api/v1/account/usage: 401 body at /: missing required field "message" (error bodies {code, message}: inferred)
  - GET /api/v1/account/usage: 401 body at /: unexpected field "error" (error bodies {code, message}: inferred)
  request:  GET /api/v1/account/usage (no x-api-key)
  response: HTTP 401, content-type application/json
  body:     {"error":"unauthorized"}

FAIL task.not-found: an unknown task id answers 404
  - GET /api/v1/task/UUID: content-type must be application/json, got "text/html"
  - GET /api/v1/task/UUID: the 404 body is not JSON (Unexpected token '<', "<h1>Not Found</h1>" is not valid JSON)
  request:  GET /api/v1/task/UUID
  response: HTTP 404, content-type text/html
  body:     <h1>Not Found</h1>

FAIL create.model-missing: Create Task without model answers 400
  - expected HTTP 400, got 202
  - a paid task was created: charged-by-mistake
  request:  POST /api/v1/task {"task_type":"lyrics","input":{"prompt":"audio-task-mock verify: a short song about a passing test"}}
  response: HTTP 202, content-type application/json
  body:     {"code":202,"data":{"task_id":"charged-by-mistake","type":"lyrics","status":"pending","credits_charged":5,"created_at":"2026-01-01T00:00:00.000Z"}}

FAIL usage.shape: usage answers 200 with tasks_created, credits_used, credits_topped_up
  - GET /api/v1/account/usage: 200 body at /data/tasks_created: must be number, got "0"
  request:  GET /api/v1/account/usage
  response: HTTP 200, content-type application/json
  body:     {"code":200,"data":{"tasks_created":"0","credits_used":0,"credits_topped_up":100}}

15 checks: 7 passed, 4 failed, 4 skipped; 1 paid task created
`)
  })

  test('fails against a fake running a broken scenario: an undocumented status, a status going back', async () => {
    const statusGoesBack = editedDefault(
      '    - { status: pending, for: 15s }        # polled at once: the 1st read says pending,\n    - { status: running, for: 25s }',
      '    - { status: running, polls: 1 }\n    - { status: pending, polls: 1 }',
    )
    const running = await fake(`${statusGoesBack}
faults:
  - match: { endpoint: usage, nth: 1 }
    respond: { status: 503, message: maintenance }
`)
    const result = await runVerify({ baseUrl: running.url, apiKey: 'demo-key', pollIntervalMs: 0 })
    const failed = result.checks.filter((check) => check.outcome !== 'pass').map(({ id, outcome, problems, note }) => ({ id, outcome, problems, note }))
    expect(failed).toEqual([
      {
        id: 'usage.shape',
        outcome: 'fail',
        problems: ['expected HTTP 200, got 503', 'GET /api/v1/account/usage: status 503 is not documented for getUsage (documented: 200, 401, 429, 500)'],
        note: undefined,
      },
      { id: 'lyrics.poll', outcome: 'fail', problems: ['status went back to pending'], note: undefined },
      { id: 'lyrics.other-key', outcome: 'skip', problems: [], note: 'no --other-api-key given' },
      { id: 'usage.counts', outcome: 'skip', problems: [], note: 'usage before is unknown' },
    ])
    expect(result.checks.find((check) => check.id === 'lyrics.poll')!.exchange!.json.data.status).toBe('pending')
  })

  test('gives up on a task not final after --max-wait', async () => {
    const running = await fake(editedDefault('    - { status: running, for: 25s }', '    - { status: running, for: 1h }'))
    const time = pretendTime()
    const result = await runVerify({ baseUrl: running.url, apiKey: 'demo-key', maxWaitMs: 30_000, sleep: time.sleep, now: time.now })
    const poll = result.checks.find((check) => check.id === 'lyrics.poll')!
    expect(poll.problems).toEqual(['still running after 6 reads over 30.0 s (--max-wait)'])
    expect(time.slept).toEqual(Array(6).fill(5_000))
  })
})
