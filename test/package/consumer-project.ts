/**
 * A user's project, made the way a user makes it (issues 13 and 26): the packed package (pack.ts)
 * installed from its tarball into a fresh project in a temporary directory, next to the tools of
 * the matrix cell (cells.ts: msw, vitest, TypeScript, express, a client generator), and the files
 * of a fixture folder copied in: its own files and those of its `msw-2/` or `msw-3/` folder, for
 * the msw major the cell installs. Tests then run commands there with `run`.
 *
 * The npm registry is needed for the consumer's dependencies; `--prefer-offline` lets the npm
 * cache answer, so only a first run downloads.
 */
import { existsSync } from 'node:fs'
import { cp, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { cellFrom, type Cell } from './cells.js'
import { expectSuccess, ROOT, run, type Packed, type RunResult } from './pack.js'

export { ROOT, run, type RunResult }

/** The cell this run of the suite is (AUDIO_TASK_MOCK_CELL=lowest|node24|latest, lowest by default). */
export async function currentCell(): Promise<Cell> {
  const ours = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string>; engines: { node: string } }
  return cellFrom(process.env['AUDIO_TASK_MOCK_CELL'], (name) => ours.devDependencies[name]!, ours.engines.node)
}

export interface ConsumerProject {
  /** The consumer project: package.json, node_modules, the fixture files. */
  readonly dir: string
  readonly tarball: string
  /** The tarball's entries, without the `package/` prefix. */
  readonly files: string[]
  readonly cell: Cell
  /** The msw version the consumer asked for (for `lowest`, the lowest of the peer range). */
  readonly msw: string
  /** Runs a command in the consumer project; never throws for an exit code. */
  run(command: string, args: string[], options?: { timeoutMs?: number; env?: NodeJS.ProcessEnv }): Promise<RunResult>
}

/** `^2.7.0 || ^3.0.0` → `2.7.0`: the consumer installs the lowest version the package claims to work with. */
export function lowestOf(range: string): string {
  const match = /^\^(\d+\.\d+\.\d+)(?:\s*\|\|\s*\^\d+\.\d+\.\d+)*$/.exec(range)
  if (match === null) throw new Error(`expected caret ranges like ^2.7.0 || ^3.0.0, got ${JSON.stringify(range)}`)
  return match[1]!
}

/** A fixture's folders that are not its own files: an msw major's files, and other projects (a folder with a package.json of its own). */
function notCopied(fixture: string, top: string): boolean {
  return /^msw-\d+$/.test(top) || (top !== '' && existsSync(join(fixture, top, 'package.json')))
}

async function copyFixture(fixture: string, dir: string, mswMajor: number): Promise<void> {
  await cp(fixture, dir, { recursive: true, filter: (source) => !notCopied(fixture, source.slice(fixture.length).replace(/^\//, '').split('/')[0] ?? '') })
  const own = join(fixture, `msw-${mswMajor}`)
  if ((await readdir(fixture)).includes(`msw-${mswMajor}`)) await cp(own, dir, { recursive: true })
}

export interface ConsumerOptions {
  packed: Packed
  /** The fixture folder under test/package/consumer/ ('' for the vitest project itself). */
  fixture?: string
  /** More dependencies for this project (Jest, Vite…), beside the cell's. */
  devDependencies?: Record<string, string>
  /** false: none of the cell's devDependencies (vitest, TypeScript…), for a project that does not use them. */
  tools?: boolean
}

export async function prepareConsumer(options: ConsumerOptions): Promise<ConsumerProject> {
  const { packed } = options
  const cell = await currentCell()
  const dir = await mkdtemp(join(packed.base, `consumer-${options.fixture || 'vitest'}-`))
  const fixture = fileURLToPath(new URL(`./consumer/${options.fixture ? `${options.fixture}/` : ''}`, import.meta.url))
  await copyFixture(fixture.replace(/\/$/, ''), dir, cell.mswMajor)
  const ours = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { peerDependencies: Record<string, string> }
  const msw = cell.dependencies['msw'] === 'lowest' ? lowestOf(ours.peerDependencies['msw']!) : cell.dependencies['msw']!
  // The fixture's own package.json (its scripts) is the start of the project's.
  const own = existsSync(join(dir, 'package.json')) ? (JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as object) : {}
  const manifest = {
    name: `audio-task-mock-consumer-${options.fixture || 'vitest'}`,
    private: true,
    type: 'module',
    ...own,
    dependencies: { 'audio-task-mock': `file:${packed.tarball}`, ...cell.dependencies, msw },
    devDependencies: { ...(options.tools === false ? {} : cell.devDependencies), ...options.devDependencies },
  }
  await writeFile(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  await expectSuccess(run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], dir, 300_000), `npm install in ${dir}`)
  return {
    dir,
    tarball: packed.tarball,
    files: packed.files,
    cell,
    msw,
    run: (command, args, runOptions = {}) => run(command, args, dir, runOptions.timeoutMs, runOptions.env),
  }
}
