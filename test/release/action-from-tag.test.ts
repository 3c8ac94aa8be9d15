/**
 * The Action as a workflow gets it (decision 046): the runner downloads the repository at the ref
 * in `uses:` (here `git archive` of the version's tag from the bare clone, the same tree with no
 * .git) and runs action/main.mjs from there with no `command` input. It builds the fake in that
 * checkout from its lock file, serves, and a second use in the same job builds nothing. The runner
 * is test/support/action-runner.ts. Off unless .ci/release.sh set the clone (minutes: npm ci and
 * the build).
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { job, readRunnerFile } from '../support/action-runner.js'
import { bareClone, removeScratch, scratch, TAG } from '../support/release-checks.js'

describe.skipIf(bareClone === '')('the Action from a fresh checkout at a tag', () => {
  afterAll(removeScratch, 300_000) // a checkout with node_modules: many files to remove
  it('builds the fake there from its lock file, serves the scenario asked for, and the post step stops it', async () => {
    const actionPath = join(scratch('atm-actions-'), 'OWNER/audio-task-mock', TAG)
    mkdirSync(actionPath, { recursive: true })
    execFileSync('bash', ['-o', 'pipefail', '-c', `git -C "$0" archive "$1" | tar -x -C "$2"`, bareClone, TAG, actionPath])

    const first = job({ scenario: 'flaky-create' }, { actionPath, command: false })
    const main = await first.main()
    expect(main.code, main.stdout).toBe(0)
    expect(main.stdout).toContain(`::group::audio-task-mock: building the fake in ${actionPath} (npm ci --include=dev --no-audit --no-fund)`)
    const url = readRunnerFile(first.files.GITHUB_OUTPUT)['url']!
    expect(((await (await fetch(`${url}/__admin/health`)).json()) as { scenario: string }).scenario).toBe('flaky-create')
    expect((await first.post()).code).toBe(0)

    const again = job({}, { actionPath, command: false })
    const second = await again.main()
    expect(second.code, second.stdout).toBe(0)
    expect(second.stdout).not.toContain('::group::')
    expect((await again.post()).code).toBe(0)
  }, 1_200_000)
})
