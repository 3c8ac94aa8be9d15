/**
 * `npm test` on a contributor's machine: as a user who is not root, on a machine without Chromium,
 * nginx, Python, pytest or podman, the tests that need them are skipped and one line names what is
 * missing; under `CI=true` the same run fails. Three files stand for the suite: one that needs
 * Chromium, one nginx, and one whose other tests need nothing but one of which needs Python.
 *
 * As root (CI), the run is as user `nobody` in a mount namespace where every usual place of those
 * tools is covered by /dev/null, with a PATH that holds only `node`: the finder itself finds
 * nothing. Otherwise (already not root) the tools' variables say `none`.
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chmod, mkdtemp, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { TOOL_NAMES, TOOLS } from '../support/system-tools.js'

const ROOT = join(import.meta.dirname, '../..')
const FILES = ['test/server/worlds-nginx.test.ts', 'test/browser/cors-page.test.ts', 'test/cli/worlds-docs.test.ts']
const isRoot = process.getuid?.() === 0
const canHide = isRoot && ['/usr/bin/unshare', '/usr/sbin/runuser'].every((path) => existsSync(path))

let home: string
let bin: string
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'atm-no-tools-home-'))
  bin = await mkdtemp(join(tmpdir(), 'atm-no-tools-bin-'))
  await symlink(process.execPath, join(bin, 'node'))
  await Promise.all([chmod(home, 0o777), chmod(bin, 0o755)])
})
afterAll(async () => {
  await Promise.all([rm(home, { recursive: true, force: true }), rm(bin, { recursive: true, force: true })])
})

/** vitest on FILES as that user on that machine; its exit code and output. */
function runWithoutTools(ci: boolean): Promise<{ code: number; output: string }> {
  // The config is loaded in-process (`--configLoader runner`): the default writes a bundle of it
  // into node_modules/.vite-temp, which user nobody may not write in a checkout root owns.
  const vitest = ['node', 'node_modules/vitest/vitest.mjs', 'run', '--configLoader', 'runner', ...FILES]
  const env = { PATH: bin, HOME: home, ...(ci ? { CI: 'true' } : {}) }
  let command: string
  let args: string[]
  let outer: NodeJS.ProcessEnv = env
  if (canHide) {
    outer = { PATH: '/usr/sbin:/usr/bin:/sbin:/bin' } // for unshare's shell: mount, runuser, env
    const places = TOOL_NAMES.flatMap((name) => TOOLS[name].places).filter((place) => existsSync(place))
    const assignments = Object.entries(env).map(([name, value]) => `${name}=${value}`)
    const script = `for place in "$@"; do mount --bind /dev/null "$place"; done; exec runuser -u nobody -- env -i ${assignments.join(' ')} ${vitest.join(' ')}`
    command = '/usr/bin/unshare'
    args = ['--mount', '--propagation', 'private', '/bin/sh', '-c', script, 'sh', ...places]
  } else {
    command = process.execPath
    args = vitest.slice(1)
    Object.assign(env, Object.fromEntries(TOOL_NAMES.map((name) => [TOOLS[name].variable, 'none'])))
  }
  return new Promise((resolve) => {
    execFile(command, args, { cwd: ROOT, env: outer, timeout: 240_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1
      resolve({ code, output: `${stdout}${stderr}`.replace(/\x1b\[[0-9;]*m/g, '') })
    })
  })
}

it('passes without the tools, skipping what needs them with one line naming each, and fails under CI=true', async () => {
  const [plain, ci] = await Promise.all([runWithoutTools(false), runWithoutTools(true)])
  expect(plain.code, plain.output).toBe(0)
  const lines = plain.output.split('\n').filter((line) => line.startsWith('Skipped '))
  expect(lines, plain.output).toHaveLength(1)
  expect(lines[0]).toMatch(/^Skipped 6 tests that need tools this machine lacks: /)
  for (const tool of ['chromium (3 tests', 'nginx (2 tests', 'python3 (1 test;', 'apt-get install chromium']) expect(lines[0]).toContain(tool)
  expect(plain.output).toMatch(/Tests\s+\d+ passed \| 6 skipped/)

  expect(ci.code, ci.output).not.toBe(0)
  expect(ci.output).toMatch(/^CI=true skips nothing, so 6 tests failed for tools this machine lacks: /m)
  expect(ci.output).toContain('chromium not found')
}, 300_000)
