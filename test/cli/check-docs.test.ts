/**
 * docs/scenarios.md's `check` example prints what the page says: its command is run as written
 * (against the repository's test/fixtures/qa.yaml) and its `# ` lines are the output, line for line.
 */
import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { runCli } from '../support/spawn-cli.js'

const ROOT = new URL('../../', import.meta.url)

it('prints what docs/scenarios.md shows for `check`, and exits 2 for the mistake', async () => {
  const page = readFileSync(new URL('docs/scenarios.md', ROOT), 'utf8')
  const block = /```sh\nnpx audio-task-mock (check [^\n]*)\n((?:# [^\n]*\n)+)```/.exec(page)
  expect(block, 'docs/scenarios.md has a check example').not.toBeNull()
  const args = block![1]!.split(' ')
  const shown = block![2]!
    .trimEnd()
    .split('\n')
    .map((line) => line.slice(2))
  // The paths are the repository's, as the page's reader runs them from its root (so does npm test).
  expect(process.cwd()).toBe(new URL('.', ROOT).pathname.replace(/\/$/, ''))
  const result = await runCli(args)
  expect(result.stdout.trimEnd().split('\n')).toEqual(shown)
  expect(result.code).toBe(2)
})
