/**
 * The package as a user gets it (issue 13): packed from a clean copy of the sources (no dist/,
 * so `prepare` has to build it), once per run of the package suite (vitest's globalSetup, see
 * vitest.package.config.ts), for every consumer project of test/package/ to install.
 */
import { spawn } from 'node:child_process'
import { cp, mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** What a clean clone has that the build needs (everything but dist/, tests and benchmarks). */
const SOURCES = ['package.json', 'README.md', 'LICENSE', 'tsconfig.json', 'tsconfig.build.json', 'src', 'scripts', 'scenarios', 'schema', 'openapi']

export interface RunResult {
  code: number | null
  stdout: string
  stderr: string
  /** stdout and stderr, for failure messages. */
  output: string
}

export interface Packed {
  /** The folder that holds the tarball; consumer projects are made beside it. */
  readonly base: string
  readonly tarball: string
  /** The tarball's entries, without the `package/` prefix. */
  readonly files: string[]
}

/**
 * The environment of every command: none of this suite's own settings (vitest's workers, test
 * mode, npm's `npm_*` of the outer `npm test`) may leak into the user's project.
 */
export function userEnv(): NodeJS.ProcessEnv {
  const own = /^(npm_|AUDIO_TASK_MOCK_|VITEST|__VITEST|TEST$|NODE_OPTIONS$|NODE_ENV$)/
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !own.test(name)))
}

export function run(command: string, args: string[], cwd: string, timeoutMs = 120_000, env: NodeJS.ProcessEnv = {}): Promise<RunResult> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: { ...userEnv(), ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => ((stdout += chunk.toString()), (output += chunk.toString())))
    child.stderr.on('data', (chunk: Buffer) => ((stderr += chunk.toString()), (output += chunk.toString())))
    const timer = setTimeout(() => {
      output += `\n[killed after ${timeoutMs} ms]`
      child.kill('SIGKILL')
    }, timeoutMs)
    child.once('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr, output })
    })
  })
}

export async function expectSuccess(result: Promise<RunResult>, what: string): Promise<RunResult> {
  const done = await result
  if (done.code !== 0) throw new Error(`${what} exited with ${done.code}:\n${done.output}`)
  return done
}

export async function pack(): Promise<Packed & { remove(): Promise<void> }> {
  const base = await mkdtemp(join(tmpdir(), 'atm-package-'))
  // 1. A clean checkout: the sources without dist/, the repository's node_modules linked in.
  const checkout = join(base, 'checkout')
  await mkdir(checkout)
  for (const entry of SOURCES) await cp(join(ROOT, entry), join(checkout, entry), { recursive: true })
  await symlink(join(ROOT, 'node_modules'), join(checkout, 'node_modules'), 'dir')
  // 2. npm pack runs `prepare`, which has to build dist/ for the package to have any code.
  await expectSuccess(run('npm', ['pack', '--pack-destination', base, '--no-audit', '--no-fund'], checkout, 240_000), 'npm pack (with its prepare build)')
  const tarball = join(
    base,
    (await readdir(base)).find((file) => file.endsWith('.tgz'))!,
  )
  const listing = await expectSuccess(run('tar', ['-tzf', tarball], base), 'tar -tzf')
  const files = listing.stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.replace(/^package\//, ''))
  return { base, tarball, files, remove: () => rm(base, { recursive: true, force: true }) }
}
