/**
 * `--scenario` given a FIFO (a named pipe nobody writes to) used to hang the CLI without a word
 * (issue 40): it is refused at once, as every file that is not a regular one.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { runCli } from '../support/spawn-cli.js'

it('refuses a FIFO as the scenario file at once, naming what it is', async () => {
  const fifo = join(mkdtempSync(join(tmpdir(), 'atm-fifo-')), 'scenario.yaml')
  execFileSync('mkfifo', [fifo])
  for (const args of [
    ['--port', '0', '--scenario', fifo],
    ['check', fifo],
  ]) {
    const result = await runCli(args)
    expect(result.code).toBe(2)
    expect(result.stdout + result.stderr).toContain(
      `${fifo}:1:1: cannot read the scenario file: it is a FIFO, not a regular file; write the scenario to a file first`,
    )
  }
})
