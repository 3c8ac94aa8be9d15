/** `audio-task-mock verify` as a command: flags, the printed table, exit codes 0, 1 and 2. */
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type RunningServer } from '../../src/server/start-server.js'
import { startBrokenService } from '../verify/broken-service.js'
import { runCli } from '../support/spawn-cli.js'
import { VERIFY_OPTIONS, verifyOptions } from '../../src/cli/verify-command.js'

let fake: RunningServer
beforeAll(async () => {
  fake = await startServer({ scenario: readFileSync(new URL('../../scenarios/default.yaml', import.meta.url), 'utf8'), port: 0 })
})
afterAll(() => fake.close())

describe('audio-task-mock verify', () => {
  it('passes against the fake and exits 0', async () => {
    const result = await runCli(['verify', '--base-url', fake.url, '--api-key', 'demo-key', '--poll-interval', '0s'])
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/^audio-task-mock verify http:\/\/127\.0\.0\.1:\d+\n\nresult {2}check +what\nPASS {4}auth\.usage\.no-key /)
    expect(result.stdout).toMatch(
      /PASS {4}lyrics\.poll +Get Task \(lyrics\) moves forward to a final status, read at the set pace \(success after 4 reads, \d+\.\d s\)\n/,
    )
    expect(result.stdout).toMatch(/\n15 checks: 14 passed, 0 failed, 1 skipped; 1 paid task created\n$/)
  })

  it('prints JSON with --json', async () => {
    const result = await runCli(['verify', '--base-url', fake.url, '--api-key', 'demo-key', '--poll-interval', '0s', '--tasks', 'none', '--json'])
    expect(result.code).toBe(0)
    const parsed = JSON.parse(result.stdout)
    expect(parsed).toMatchObject({ ok: true, paid: 0 })
    expect(parsed.checks.map((check: { id: string }) => check.id)).toContain('usage.shape')
  })

  it('exits 1 against a broken build', async () => {
    const broken = await startBrokenService()
    try {
      const result = await runCli(['verify', '--base-url', broken.url, '--api-key', 'good-key'])
      expect(result.code).toBe(1)
      expect(result.stdout).toContain(
        '\nFAIL usage.shape: usage answers 200 with tasks_created, credits_used, credits_topped_up\n  - GET /api/v1/account/usage: 200 body at /data/tasks_created: must be number, got "0"\n',
      )
    } finally {
      await broken.close()
    }
  })

  it('refuses a run that needs more paid tasks than allowed, with exit 2, before sending anything', async () => {
    const before = fake.mock.world.tasks.size
    const result = await runCli(['verify', '--base-url', fake.url, '--api-key', 'demo-key', '--tasks', 'lyrics,music'])
    expect(result.code).toBe(2)
    expect(result.stderr).toBe(
      'audio-task-mock verify: refused: this run would create 2 paid tasks (lyrics, music) but at most 1 is allowed; pass --allow-paid 2 to go ahead, or --tasks none\n',
    )
    expect(fake.mock.world.tasks.size).toBe(before)
  })

  it('explains a wrong flag, points to verify --help and exits 2', async () => {
    const result = await runCli(['verify', '--base-url', 'http://x', '--api-key', 'k', '--poll-interval', '5 sec'])
    expect(result.code).toBe(2)
    expect(result.stderr).toBe(
      `audio-task-mock verify: --poll-interval expects a duration like 500ms, 5s or 10m, got "5 sec"\nRun 'audio-task-mock verify --help' to see every option.\n`,
    )
  })
})

describe('verify flags', () => {
  const flags = (args: string[]) => verifyOptions(parseArgs({ args, options: VERIFY_OPTIONS, strict: true }).values)

  it('takes every option, and leaves out what is not given', () => {
    expect(
      flags([
        '--base-url',
        'https://a.test/',
        '--api-key',
        'k',
        '--other-api-key',
        'k2',
        '--model',
        'm',
        '--tasks',
        'lyrics, music,lyrics',
        '--allow-paid',
        '2',
        '--poll-interval',
        '7s',
        '--max-wait',
        '2m',
        '--timeout',
        '10s',
      ]),
    ).toEqual({
      baseUrl: 'https://a.test/',
      apiKey: 'k',
      otherApiKey: 'k2',
      model: 'm',
      tasks: ['lyrics', 'music'],
      allowPaid: 2,
      pollIntervalMs: 7_000,
      maxWaitMs: 120_000,
      requestTimeoutMs: 10_000,
    })
    expect(flags(['--base-url', 'http://x', '--api-key', 'k', '--tasks', 'none'])).toEqual({ baseUrl: 'http://x', apiKey: 'k', tasks: [] })
  })

  it.each([
    [['--api-key', 'k'], '--base-url and --api-key are required'],
    [['--base-url', 'ftp://x', '--api-key', 'k'], '--base-url must be an http(s) URL, got "ftp://x"'],
    [['--base-url', 'not a url', '--api-key', 'k'], '--base-url must be an http(s) URL, got "not a url"'],
    [['--base-url', 'http://x', '--api-key', 'k', '--tasks', 'video'], '--tasks takes lyrics, music or none, got "video"'],
    [['--base-url', 'http://x', '--api-key', 'k', '--max-wait', 'soon'], '--max-wait expects a duration like 500ms, 5s or 10m, got "soon"'],
    [['--base-url', 'http://x', '--api-key', 'k', '--allow-paid', 'many'], '--allow-paid expects a whole number, got "many"'],
  ])('%j → %s', (args, message) => {
    expect(flags(args)).toBe(message)
  })
})
