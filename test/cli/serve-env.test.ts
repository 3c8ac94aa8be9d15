/** Every serve flag also as an AUDIO_TASK_MOCK_* variable: parsing (no process), then the CLI started by variables alone. */
import { describe, expect, it } from 'vitest'
import { ADMIN_TOKEN_ENV } from '../../src/admin/admin-auth.js'
import { ENV_FLAGS, envNameOf } from '../../src/cli/serve-env.js'
import { parseServeArgs, SERVE_OPTIONS, type ServeOptions } from '../../src/cli/serve-options.js'
import { runCli, startCli } from '../support/spawn-cli.js'

const parse = (argv: string[], env: Record<string, string>) => parseServeArgs(argv, { defaultPort: 4010, env })
const options = (argv: string[], env: Record<string, string>): ServeOptions => {
  const parsed = parse(argv, env)
  if (parsed.kind !== 'serve') throw new Error(`expected options, got ${JSON.stringify(parsed)}`)
  return parsed.options
}

describe('serve flags from AUDIO_TASK_MOCK_* variables', () => {
  it('has a variable for every serve flag but --help and --version, the admin token keeping its old name', () => {
    expect([...ENV_FLAGS].sort()).toEqual(
      Object.keys(SERVE_OPTIONS)
        .filter((flag) => flag !== 'help' && flag !== 'version')
        .sort(),
    )
    expect(envNameOf('admin-token')).toBe(ADMIN_TOKEN_ENV)
  })

  it('reads each variable', () => {
    const got = options([], {
      AUDIO_TASK_MOCK_PORT: '5123',
      AUDIO_TASK_MOCK_HOST: '0.0.0.0',
      AUDIO_TASK_MOCK_SCENARIO: 'happy-path',
      AUDIO_TASK_MOCK_SEED: '7',
      AUDIO_TASK_MOCK_ADMIN_TOKEN: 'tok',
      AUDIO_TASK_MOCK_CORS_ORIGIN: 'http://localhost:5173, http://127.0.0.1:3000',
      AUDIO_TASK_MOCK_REPORT: 'true',
      AUDIO_TASK_MOCK_STATE: '/tmp/x.json',
      AUDIO_TASK_MOCK_STATE_MODE: 'durable',
      AUDIO_TASK_MOCK_STATE_INTERVAL: '2s',
      AUDIO_TASK_MOCK_WATCH: '1',
    })
    expect(got).toMatchObject({
      port: 5123,
      host: '0.0.0.0',
      seed: 7,
      adminToken: 'tok',
      report: true,
      statePath: '/tmp/x.json',
      stateMode: 'durable',
      stateIntervalMs: 2000,
      watch: true,
    })
    expect(got.scenarioFile).toMatch(/scenarios[\\/]happy-path\.yaml$/)
    expect(got.corsOrigins).toEqual(['http://localhost:5173', 'http://127.0.0.1:3000'])
  })

  it('lets a flag win over its variable, and treats an empty variable as unset', () => {
    expect(options(['--port', '6000', '--seed', '3'], { AUDIO_TASK_MOCK_PORT: '5000', AUDIO_TASK_MOCK_SEED: '9' })).toMatchObject({ port: 6000, seed: 3 })
    expect(options([], { AUDIO_TASK_MOCK_HOST: '', AUDIO_TASK_MOCK_PORT: '' })).toMatchObject({ host: '127.0.0.1', port: 4010 })
    expect(options([], { AUDIO_TASK_MOCK_REPORT: 'no', AUDIO_TASK_MOCK_WATCH: 'FALSE' })).toMatchObject({ report: false, watch: false })
  })

  it.each([
    [{ AUDIO_TASK_MOCK_PORT: '80a' }, 'AUDIO_TASK_MOCK_PORT expects a whole number from 0 to 65535, got "80a"'],
    [{ AUDIO_TASK_MOCK_SEED: '-1' }, 'AUDIO_TASK_MOCK_SEED expects a whole number'],
    [{ AUDIO_TASK_MOCK_REPORT: 'maybe' }, 'AUDIO_TASK_MOCK_REPORT expects 1, true, yes, 0, false or no, got "maybe"'],
    [{ AUDIO_TASK_MOCK_STATE_INTERVAL: '1ms' }, 'AUDIO_TASK_MOCK_STATE_INTERVAL expects a duration'],
    [{ AUDIO_TASK_MOCK_STATE: '/tmp/s.json', AUDIO_TASK_MOCK_STATE_MODE: 'fast' }, 'AUDIO_TASK_MOCK_STATE_MODE expects interval or durable'],
    [{ AUDIO_TASK_MOCK_STATE_MODE: 'durable' }, 'AUDIO_TASK_MOCK_STATE_MODE needs --state FILE'],
    [{ AUDIO_TASK_MOCK_CORS_ORIGIN: 'not a url' }, 'AUDIO_TASK_MOCK_CORS_ORIGIN: '],
    [{ AUDIO_TASK_MOCK_SCENARIO: 'no-such-name' }, 'AUDIO_TASK_MOCK_SCENARIO "no-such-name": no such file, and no bundled scenario of that name'],
  ])('refuses %j naming the variable', (env, message) => {
    const parsed = parse([], env)
    expect(parsed.kind).toBe('error')
    expect(parsed.kind === 'error' && parsed.message).toContain(message)
  })

  it('still names the flag when the flag is wrong and a variable is set', () => {
    const parsed = parse(['--port', 'x'], { AUDIO_TASK_MOCK_PORT: '5000' })
    expect(parsed.kind === 'error' && parsed.message).toContain('--port expects')
  })
})

describe('the CLI configured by variables', () => {
  it('starts from variables alone and answers GET /__admin/health for a readiness probe', async () => {
    const cli = await startCli([], { AUDIO_TASK_MOCK_PORT: '0', AUDIO_TASK_MOCK_SCENARIO: 'happy-path', AUDIO_TASK_MOCK_SEED: '11' })
    try {
      expect(cli.output()).toContain('seed 11')
      const health = await fetch(`${cli.url}/__admin/health`)
      expect(health.status).toBe(200)
      expect(await health.json()).toMatchObject({ status: 'ok', scenario: 'happy-path', seed: 11 })
    } finally {
      cli.child.kill('SIGTERM')
      await cli.exited
    }
  })

  it('refuses an invalid variable at start with exit 2 and its name', async () => {
    const result = await runCli([], { AUDIO_TASK_MOCK_PORT: 'eighty' })
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('audio-task-mock: AUDIO_TASK_MOCK_PORT expects a whole number from 0 to 65535, got "eighty"')
  })

  it('lists every variable in --help and in run --help', async () => {
    for (const args of [['--help'], ['run', '--help']]) {
      const help = await runCli(args)
      expect(help.code).toBe(0)
      for (const flag of ENV_FLAGS) expect(help.stdout).toMatch(new RegExp(`${envNameOf(flag)} +--${flag}\\b`))
    }
  })
})
