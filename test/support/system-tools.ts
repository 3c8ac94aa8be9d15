/**
 * The programs some tests need beside Node (Chromium, nginx, Python, pytest, podman), found where
 * they are: the tool's variable (`AUDIO_TASK_MOCK_CHROMIUM=/path`, or `none` to go without), then
 * PATH, then the usual install places of Debian, Homebrew and macOS. Nothing is installed here
 * (`.ci/install-system-deps.sh` does that for CI).
 *
 * A test file that needs a tool says so with a tag: `@module-tag chromium` in its header comment,
 * or `{ tags: ['nginx'] }` on a describe or test. vitest.config.ts turns each tag into a skip when
 * its tool is missing (`toolTags`), and test/support/tools-reporter.ts prints one line naming
 * what was skipped and how to get it. Under `CI=true` nothing is skipped: a test that needs a
 * missing tool fails, with `toolPath`'s message.
 */
import { accessSync, constants, statSync } from 'node:fs'
import { delimiter, join } from 'node:path'

export type ToolName = 'chromium' | 'nginx' | 'python3' | 'pytest' | 'podman'

export interface Tool {
  readonly name: ToolName
  /** What the tests that need it do (the tag's description). */
  readonly usedBy: string
  /** The variable that names it: a path, or `none` to run without it. */
  readonly variable: string
  /** Its names on PATH, best first. */
  readonly commands: readonly string[]
  /** Where installers put it when PATH does not say (Debian's sbin, Homebrew, macOS apps). */
  readonly places: readonly string[]
  /** How to get it. */
  readonly get: string
}

export const TOOLS: Readonly<Record<ToolName, Tool>> = {
  chromium: {
    name: 'chromium',
    usedBy: 'the browser door, the inspector and page tests (driven by playwright-core)',
    variable: 'AUDIO_TASK_MOCK_CHROMIUM',
    commands: ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'],
    places: [
      '/usr/bin/chromium',
      '/snap/bin/chromium',
      '/Applications/Chromium.app/Contents/MacOS/Chromium',
      '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    ],
    get: 'apt-get install chromium, or brew install --cask chromium',
  },
  nginx: {
    name: 'nginx',
    usedBy: "docs/worlds.md's nginx sharding",
    variable: 'AUDIO_TASK_MOCK_NGINX',
    commands: ['nginx'],
    places: ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/opt/homebrew/bin/nginx', '/usr/local/bin/nginx'],
    get: 'apt-get install nginx-light, or brew install nginx',
  },
  python3: {
    name: 'python3',
    usedBy: 'the Python lines of the docs',
    variable: 'AUDIO_TASK_MOCK_PYTHON',
    commands: ['python3'],
    places: ['/usr/bin/python3', '/opt/homebrew/bin/python3', '/usr/local/bin/python3'],
    get: 'apt-get install python3, or brew install python',
  },
  pytest: {
    name: 'pytest',
    usedBy: 'the pytest fixture (clients/python)',
    variable: 'AUDIO_TASK_MOCK_PYTEST',
    commands: ['pytest', 'pytest-3', 'py.test'],
    places: ['/usr/bin/pytest-3', '/usr/bin/pytest', '/opt/homebrew/bin/pytest', '/usr/local/bin/pytest'],
    get: 'apt-get install python3-pytest, or pip install pytest',
  },
  podman: {
    name: 'podman',
    usedBy: 'the container image',
    variable: 'AUDIO_TASK_MOCK_PODMAN',
    commands: ['podman'],
    places: ['/usr/bin/podman', '/opt/homebrew/bin/podman', '/usr/local/bin/podman'],
    get: 'apt-get install podman, or brew install podman',
  },
}

export const TOOL_NAMES = Object.keys(TOOLS) as ToolName[]

/** What the finder may look at: the environment and whether a path is an executable file. */
export interface Machine {
  env: NodeJS.ProcessEnv
  isExecutable(path: string): boolean
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK)
    return statSync(path).isFile()
  } catch {
    return false
  }
}

export const THIS_MACHINE: Machine = { env: process.env, isExecutable: executable }

/** A tool's path, or why there is none (`why`) and that in a few words (`brief`). */
export type Found = { ok: true; path: string } | { ok: false; why: string; brief: string }

/** Where `tool` is on `machine`, or why it is not there. */
export function findTool(name: ToolName, machine: Machine = THIS_MACHINE): Found {
  const tool = TOOLS[name]
  const named = machine.env[tool.variable]
  if (named !== undefined && named !== '') {
    if (named === 'none') return { ok: false, why: `${tool.variable}=none`, brief: `${tool.variable}=none` }
    const wrong = `${tool.variable}=${named} is not an executable file`
    return machine.isExecutable(named) ? { ok: true, path: named } : { ok: false, why: wrong, brief: wrong }
  }
  const folders = (machine.env['PATH'] ?? '').split(delimiter).filter((folder) => folder !== '')
  const candidates = [...tool.commands.flatMap((command) => folders.map((folder) => join(folder, command))), ...tool.places]
  const path = candidates.find((candidate) => machine.isExecutable(candidate))
  return path === undefined ? { ok: false, why: `not on PATH nor in ${tool.places.join(', ')}`, brief: 'not found' } : { ok: true, path }
}

const found = new Map<ToolName, Found>()

/** `findTool` on this machine, once per process. */
export function lookUp(name: ToolName): Found {
  let result = found.get(name)
  if (result === undefined) found.set(name, (result = findTool(name)))
  return result
}

/** `CI=true`: every tool must be there, and a test that needs a missing one fails. */
export const inCi = (env: NodeJS.ProcessEnv = process.env): boolean => env['CI'] === 'true' || env['CI'] === '1'

/** How to give the tests `tool`, for messages: its variable and how to install it. */
export function howToGet(name: ToolName): string {
  const tool = TOOLS[name]
  return `${tool.get}, or set ${tool.variable}=/path/to/${name}`
}

/** The tool's path, for the test that needs it; throws, saying what is missing and how to get it. */
export function toolPath(name: ToolName): string {
  const result = lookUp(name)
  if (result.ok) return result.path
  const ci = inCi() ? ' (CI=true runs every test: .ci/install-system-deps.sh installs the tools)' : ''
  throw new Error(`${name} not found (${result.why}): ${howToGet(name)}${ci}`)
}

/**
 * The vitest tags, one per tool: a test tagged with a tool this machine lacks is skipped, except
 * under `CI=true`.
 */
export function toolTags(machine: Machine = THIS_MACHINE): Array<{ name: ToolName; description: string; skip: boolean }> {
  const ci = inCi(machine.env)
  return TOOL_NAMES.map((name) => ({
    name,
    description: `needs ${name}: ${TOOLS[name].usedBy}`,
    skip: !ci && !(machine === THIS_MACHINE ? lookUp(name) : findTool(name, machine)).ok,
  }))
}

/**
 * The one line after a run whose tests met missing tools: each tool, how many tests need it, why it
 * was not found and how to get it. Those tests were skipped, or under `CI=true` run (and failed).
 */
export function toolsLine(needed: ReadonlyArray<{ name: ToolName; tests: number }>, ci: boolean, machine: Machine = THIS_MACHINE): string {
  const plural = (count: number) => `${count} test${count === 1 ? '' : 's'}`
  const parts = needed.map(({ name, tests }) => {
    const result = findTool(name, machine)
    return `${name} (${plural(tests)}; ${result.ok ? 'found' : result.brief}; ${howToGet(name)})`
  })
  const total = needed.reduce((sum, { tests }) => sum + tests, 0)
  return ci
    ? `CI=true skips nothing, so ${plural(total)} failed for tools this machine lacks: ${parts.join('; ')}. .ci/install-system-deps.sh installs them.`
    : `Skipped ${plural(total)} that need tools this machine lacks: ${parts.join('; ')}. See CONTRIBUTING.md#what-the-tests-need`
}
