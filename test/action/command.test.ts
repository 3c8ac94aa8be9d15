/**
 * How the Action starts the fake (action/main.mjs `launchPlan`, pure): the `command` input when
 * given, else the CLI of the Action's own checkout (GITHUB_ACTION_PATH), built there from its lock
 * file when it is not built yet. Never a package fetched by name (decision 046).
 */
import { describe, expect, it } from 'vitest'

interface Plan {
  argv: string[]
  build: { cwd: string; argv: string[] } | null
}
type Main = { launchPlan(env: Record<string, string>, node: string, exists: (path: string) => boolean): Plan }

const MAIN = '../../action/main.mjs' // a variable: TypeScript leaves the plain-JavaScript module untyped
const { launchPlan } = (await import(MAIN)) as Main
const NODE = '/runner/externals/node24/bin/node'
const ACTION = '/runner/_work/_actions/OWNER/audio-task-mock/v0.1.0'
const flags = ['--scenario', 'default', '--port', '4010', '--host', '127.0.0.1']

describe('the Action’s command', () => {
  it('without a command input runs the CLI of its own checkout with the runner’s Node, building it first from the lock file', () => {
    const plan = launchPlan({ GITHUB_ACTION_PATH: ACTION }, NODE, () => false)
    expect(plan.argv).toEqual([NODE, `${ACTION}/dist/bin/audio-task-mock.js`, ...flags])
    expect(plan.build).toEqual({ cwd: ACTION, argv: ['npm', 'ci', '--include=dev', '--no-audit', '--no-fund'] })
    expect(JSON.stringify(plan)).not.toMatch(/npx|--yes|@latest/)
  })

  it('skips the build when that checkout is built already (a second use in the same job)', () => {
    const seen: string[] = []
    const plan = launchPlan({ GITHUB_ACTION_PATH: ACTION }, NODE, (path) => (seen.push(path), true))
    expect(plan.build).toBeNull()
    expect(seen).toEqual([`${ACTION}/dist/bin/audio-task-mock.js`])
  })

  it('runs the command input as given, split on spaces, with the flags after it, and builds nothing', () => {
    const plan = launchPlan({ INPUT_COMMAND: ' ./audio-task-mock ', INPUT_SCENARIO: 'flaky-create', INPUT_SEED: '7' }, NODE, () => false)
    expect(plan).toEqual({ argv: ['./audio-task-mock', '--scenario', 'flaky-create', '--port', '4010', '--host', '127.0.0.1', '--seed', '7'], build: null })
  })

  it('says what to do when it runs outside a job and no command is given', () => {
    expect(() => launchPlan({}, NODE, () => false)).toThrow(/GITHUB_ACTION_PATH is not set: .*give the command input/)
  })

  it('refuses the removed version input, naming the ref that replaces it', () => {
    expect(() => launchPlan({ GITHUB_ACTION_PATH: ACTION, INPUT_VERSION: 'latest' }, NODE, () => false)).toThrow(
      /input version was removed: the Action runs the fake of the ref in `uses: OWNER\/audio-task-mock@REF`/,
    )
  })
})
