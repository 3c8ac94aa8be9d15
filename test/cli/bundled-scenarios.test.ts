import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { BUNDLED_DIR, bundledScenarioNames, chooseScenarioFile } from '../../src/cli/bundled-scenarios.js'
import { runCli, startCli } from '../support/spawn-cli.js'

describe('--scenario NAME', () => {
  it('lists the bundled scenarios', () => {
    expect(bundledScenarioNames()).toEqual(expect.arrayContaining(['default', 'flaky-create', 'rate-limited', 'slow-queue']))
  })

  it('serves a bundled scenario by bare name; a path or an existing file is taken as given', async () => {
    expect(chooseScenarioFile('rate-limited')).toEqual({ file: `${BUNDLED_DIR}rate-limited.yaml` })
    expect(chooseScenarioFile('./rate-limited')).toEqual({ file: './rate-limited' })
    expect(chooseScenarioFile('mine.yaml')).toEqual({ file: 'mine.yaml' })
    const dir = await mkdtemp(join(tmpdir(), 'atm-bundled-'))
    const own = join(dir, 'rate-limited')
    await writeFile(own, 'version: 1\n')
    expect(chooseScenarioFile(own)).toEqual({ file: own })
  })

  it('says which names exist when a bare name is unknown', () => {
    const chosen = chooseScenarioFile('rate-limit')
    expect(chosen).toEqual({
      error: expect.stringMatching(/^--scenario "rate-limit": no such file, and no bundled scenario of that name \(bundled: .*rate-limited/),
    })
  })

  it('works from the command line', async () => {
    const cli = await startCli(['--port', '0', '--scenario', 'rate-limited'])
    expect(cli.output()).toContain('scenario "rate-limited"')
    const reply = await fetch(`${cli.url}/api/v1/account/usage`, { headers: { 'x-api-key': 'other-key' } })
    expect(reply.headers.get('x-ratelimit-limit')).toBe('10')
    cli.child.kill('SIGTERM')
    await cli.exited
    const unknown = await runCli(['--scenario', 'no-such-scenario'])
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain('no bundled scenario of that name')
  })
})
