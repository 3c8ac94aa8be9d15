/**
 * A user's project, made the way a user makes it (issue 13): the package is packed from a clean
 * copy of the sources (no dist/, so `prepare` has to build it), installed from the tarball into
 * a fresh project in a temporary directory next to the consumer's own msw (the lowest version
 * of the peer range), vitest, TypeScript and a client generator, and the files of
 * test/package/consumer/ are copied in. Tests then run commands there with `run`.
 *
 * The npm registry is needed for the consumer's dependencies; `--prefer-offline` lets the npm
 * cache answer, so only a first run downloads.
 */
import { spawn } from 'node:child_process'
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const FIXTURE = fileURLToPath(new URL('./consumer/', import.meta.url))

/** What a clean clone has that the build needs (everything but dist/, tests and benchmarks). */
const SOURCES = ['package.json', 'README.md', 'LICENSE', 'tsconfig.json', 'tsconfig.build.json', 'src', 'scripts', 'scenarios', 'schema', 'openapi']

/** The consumer's tools, at versions the npm cache is likely to hold (and that this repository tests with). */
const TOOLS = { 'openapi-typescript': '^7.13.0', 'openapi-fetch': '^0.17.0' }

export interface RunResult {
  code: number | null
  stdout: string
  stderr: string
  /** stdout and stderr, for failure messages. */
  output: string
}

export interface ConsumerProject {
  /** The consumer project: package.json, node_modules, the fixture files. */
  readonly dir: string
  readonly tarball: string
  /** The tarball's entries, without the `package/` prefix. */
  readonly files: string[]
  /** The msw version the consumer installed (the lowest of the peer range). */
  readonly msw: string
  /** Runs a command in the consumer project; never throws for an exit code. */
  run(command: string, args: string[], options?: { timeoutMs?: number }): Promise<RunResult>
  remove(): Promise<void>
}

/**
 * The environment of every command: none of this suite's own settings (vitest's workers, test
 * mode, npm's `npm_*` of the outer `npm test`) may leak into the user's project.
 */
function userEnv(): NodeJS.ProcessEnv {
  const own = /^(npm_|AUDIO_TASK_MOCK_|VITEST|__VITEST|TEST$|NODE_OPTIONS$|NODE_ENV$)/
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !own.test(name)))
}

export function run(command: string, args: string[], cwd: string, timeoutMs = 120_000): Promise<RunResult> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: userEnv(), stdio: ['ignore', 'pipe', 'pipe'] })
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

async function expectSuccess(result: Promise<RunResult>, what: string): Promise<RunResult> {
  const done = await result
  if (done.code !== 0) throw new Error(`${what} exited with ${done.code}:\n${done.output}`)
  return done
}

/** `^2.7.0 || ^3.0.0` → `2.7.0`: the consumer installs the lowest version the package claims to work with. */
export function lowestOf(range: string): string {
  const match = /^\^(\d+\.\d+\.\d+)(?:\s*\|\|\s*\^\d+\.\d+\.\d+)*$/.exec(range)
  if (match === null) throw new Error(`expected caret ranges like ^2.7.0 || ^3.0.0, got ${JSON.stringify(range)}`)
  return match[1]!
}

export async function prepareConsumer(): Promise<ConsumerProject> {
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
  // 3. The consumer project.
  const dir = join(base, 'consumer')
  await cp(FIXTURE, dir, { recursive: true })
  const ours = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as {
    peerDependencies: Record<string, string>
    devDependencies: Record<string, string>
  }
  const msw = lowestOf(ours.peerDependencies['msw']!)
  const dev = (name: string) => ours.devDependencies[name]!
  const manifest = {
    name: 'audio-task-mock-consumer',
    private: true,
    type: 'module',
    dependencies: { 'audio-task-mock': `file:${tarball}`, msw },
    devDependencies: { typescript: dev('typescript'), vitest: dev('vitest'), '@types/node': dev('@types/node'), ...TOOLS },
  }
  await writeFile(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  await expectSuccess(run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], dir, 300_000), 'npm install in the consumer project')
  return {
    dir,
    tarball,
    files,
    msw,
    run: (command, args, options = {}) => run(command, args, dir, options.timeoutMs),
    remove: () => rm(base, { recursive: true, force: true }),
  }
}
