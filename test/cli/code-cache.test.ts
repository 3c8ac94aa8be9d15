/** The module loader behind the CLI's executable: CommonJS semantics, and a code cache built on this machine used when it fits. */
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { homedir, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { startCli } from '../support/spawn-cli.js'
import { cacheDirectories, cacheModeOf, cacheStore, createChunkLoader, formatCacheUse, nodeModulesOf } from '../../src/cli/code-cache.js'

/**
 * A package: chunks in dist/bin (an entry that requires two chunks that both require a third,
 * and a CommonJS dependency, an ES module dependency and a JSON file) and its node_modules.
 * Each source names its directory: V8 keeps what it compiled per process, keyed by the source,
 * and would otherwise answer a later test from memory without looking at any cache.
 */
function fixture(): { root: string; dir: string; cacheDir: string } {
  const root = mkdtempSync(join(tmpdir(), 'atm-chunks-'))
  const dir = join(root, 'dist', 'bin')
  mkdirSync(dir, { recursive: true })
  const tag = `// ${root}\n`
  const dep = join(root, 'node_modules', 'dep')
  mkdirSync(join(dep, 'lib'), { recursive: true })
  writeFileSync(join(dep, 'package.json'), JSON.stringify({ name: 'dep', main: 'lib/index.js' }))
  writeFileSync(join(dep, 'lib', 'index.js'), `${tag}exports.helper = require('./helper')\nexports.data = require('./data.json')\n`)
  writeFileSync(join(dep, 'lib', 'helper.js'), `${tag}module.exports = (x) => x * 2\n`)
  writeFileSync(join(dep, 'lib', 'data.json'), '{"answer":42}')
  const esm = join(root, 'node_modules', 'esm-dep')
  mkdirSync(esm, { recursive: true })
  writeFileSync(join(esm, 'package.json'), JSON.stringify({ name: 'esm-dep', type: 'module', exports: './index.js' }))
  writeFileSync(join(esm, 'index.js'), `${tag}export const kind = 'esm'\n`)
  writeFileSync(join(dir, 'shared.js'), `${tag}exports.counter = { n: 0 }\n`)
  writeFileSync(join(dir, 'a.js'), `${tag}const shared = require('./shared.js')\nshared.counter.n++\nexports.shared = shared\n`)
  writeFileSync(join(dir, 'b.js'), `${tag}const shared = require('./shared.js')\nshared.counter.n++\nexports.shared = shared\n`)
  writeFileSync(
    join(dir, 'cli.js'),
    [
      "const { join } = require('node:path') // " + root,
      "const a = require('./a.js')",
      "const b = require('./b.js')",
      'module.exports = { same: a.shared === b.shared, count: a.shared.counter.n, joined: join("x", "y"), file: __filename, self: this === module.exports }',
      'module.exports.fail = () => { throw new Error("from line 5") }',
      "module.exports.dep = require('dep')",
      "module.exports.esm = require('esm-dep').kind",
    ].join('\n'),
  )
  return { root, dir, cacheDir: join(root, 'cache') }
}

interface Entry {
  same: boolean
  count: number
  joined: string
  file: string
  self: boolean
  fail: () => never
  dep: { helper: (x: number) => number; data: { answer: number } }
  esm: string
}

const LOADER = fileURLToPath(new URL('../../dist/cli/code-cache.js', import.meta.url))

/** Loads `cli.js` of the fixture with the built loader in a new process, where V8 has compiled nothing yet; writes the cache if it is stale. */
function loadInNewProcess(
  dir: string,
  cacheDirs: string[],
): { count: number; use: { accepted: string[]; rejected: string[]; missing: string[] }; stale: boolean; written: string | null } {
  const script = `import { createChunkLoader, cacheStore } from ${JSON.stringify(LOADER)}
const loader = createChunkLoader(${JSON.stringify(dir)}, { store: cacheStore(${JSON.stringify(cacheDirs)}, 'cache.bin') })
const entry = loader.load('cli.js')
const stale = loader.stale()
process.stdout.write(JSON.stringify({ count: entry.count, use: loader.cacheUse(), stale, written: stale ? loader.writeCache() : null }))`
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }))
}

const ALL = ['cli.js', 'a.js', 'shared.js', 'b.js', 'dep/lib/index.js', 'dep/lib/helper.js']

describe('createChunkLoader', () => {
  it('runs each module once, shares it among the modules that require it, and hands ES modules, JSON and built-ins to Node', () => {
    const { dir } = fixture()
    const entry = createChunkLoader(dir).load('cli.js') as Entry
    expect(entry).toMatchObject({ same: true, count: 2, joined: join('x', 'y'), file: join(dir, 'cli.js'), self: true, esm: 'esm' })
    expect(entry.dep.helper(21)).toBe(42)
    expect(entry.dep.data).toEqual({ answer: 42 })
  })

  it('registers the CommonJS modules it runs with Node, so Node’s own require gives the same instance', () => {
    const { root, dir } = fixture()
    const entry = createChunkLoader(dir).load('cli.js') as Entry
    expect(createRequire(join(root, 'x.js'))('dep')).toBe(entry.dep)
  })

  it('keeps line numbers: a stack names the chunk and the line of the throw', () => {
    const entry = createChunkLoader(fixture().dir).load('cli.js') as Entry
    expect(() => entry.fail()).toThrow('from line 5')
    try {
      entry.fail()
    } catch (error) {
      expect((error as Error).stack).toMatch(/cli\.js:5:/)
    }
  })

  it('compiles from source at the first run and writes the cache; the next run takes every module from it', () => {
    const { dir, cacheDir } = fixture()
    const first = loadInNewProcess(dir, [cacheDir])
    expect(first).toEqual({ count: 2, use: { accepted: [], rejected: [], missing: ALL }, stale: true, written: join(cacheDir, 'cache.bin') })
    expect(readdirSync(cacheDir)).toEqual(['cache.bin'])
    expect(loadInNewProcess(dir, [cacheDir])).toEqual({ count: 2, use: { accepted: ALL, rejected: [], missing: [] }, stale: false, written: null })
  })

  it('compiles a changed module from source and rewrites the cache', () => {
    const { dir, cacheDir } = fixture()
    loadInNewProcess(dir, [cacheDir])
    // Same length: V8's own check (the source's length) would not see this change; the file's ctime does.
    writeFileSync(join(dir, 'b.js'), readFileSync(join(dir, 'b.js'), 'utf8').replace('n++', 'n--'))
    const run = loadInNewProcess(dir, [cacheDir])
    expect(run).toMatchObject({ count: 0, stale: true, use: { rejected: [], missing: ['b.js'] } })
    expect(loadInNewProcess(dir, [cacheDir]).use.missing).toEqual([])
  })

  it('ignores a damaged cache file, and one whose bytecode V8 refuses, then writes a good one', () => {
    const { dir, cacheDir } = fixture()
    loadInNewProcess(dir, [cacheDir])
    const file = join(cacheDir, 'cache.bin')
    const good = readFileSync(file)
    writeFileSync(file, good.subarray(0, 100))
    expect(loadInNewProcess(dir, [cacheDir])).toMatchObject({ count: 2, stale: true, use: { accepted: [], missing: ALL } })
    // The manifest intact, every byte of bytecode flipped.
    const damaged = Buffer.from(readFileSync(file))
    const header = damaged.indexOf('\n') + 1
    const manifestEnd = header + 4 + damaged.readUInt32LE(header)
    for (let i = manifestEnd; i < damaged.length; i++) damaged[i] = damaged[i]! ^ 0xff
    writeFileSync(file, damaged)
    expect(loadInNewProcess(dir, [cacheDir])).toMatchObject({ count: 2, stale: true, use: { accepted: [], rejected: ALL } })
    expect(loadInNewProcess(dir, [cacheDir]).use.accepted).toEqual(ALL)
  })

  it('runs without a cache where none can be written, and writes to the next place that takes it', () => {
    const { root, dir, cacheDir } = fixture()
    // A directory under a file cannot be created, whoever runs the test (root ignores permissions).
    writeFileSync(join(root, 'a-file'), '')
    const unwritable = join(root, 'a-file', 'cache')
    expect(loadInNewProcess(dir, [unwritable])).toMatchObject({ count: 2, written: null })
    expect(loadInNewProcess(dir, [unwritable])).toMatchObject({ count: 2, use: { missing: ALL } })
    // Under /proc, mkdir answers ENOENT below a directory that exists: Node's recursive mkdir loops forever there.
    if (process.platform === 'linux') expect(loadInNewProcess(dir, ['/proc/audio-task-mock-cache'])).toMatchObject({ count: 2, written: null })
    expect(loadInNewProcess(dir, [unwritable, cacheDir])).toMatchObject({ written: join(cacheDir, 'cache.bin') })
    expect(loadInNewProcess(dir, [unwritable, cacheDir]).use.accepted).toEqual(ALL)
  })

  it('reads and writes nothing without a store (AUDIO_TASK_MOCK_CODE_CACHE=off)', () => {
    const { dir } = fixture()
    const loader = createChunkLoader(dir, { store: null })
    loader.load('cli.js')
    expect(loader.cacheUse().missing).toEqual(ALL)
    expect(loader.writeCache()).toBeNull()
  })

  it('keeps the entries of modules a run did not load', () => {
    const { dir, cacheDir } = fixture()
    loadInNewProcess(dir, [cacheDir])
    const store = cacheStore([cacheDir], 'cache.bin')
    const partial = createChunkLoader(dir, { store })
    partial.load('a.js')
    partial.writeCache()
    expect(loadInNewProcess(dir, [cacheDir]).use.accepted).toEqual(ALL)
  })

  it('keeps what earlier runs resolved in a module: runs that take other paths through it (serve, then check) do not rewrite the cache in turn', () => {
    const { dir, cacheDir } = fixture()
    const flag = join(dir, 'take-a')
    writeFileSync(
      join(dir, 'cli.js'),
      `// ${dir}\nexports.count = require('node:fs').existsSync(${JSON.stringify(flag)}) ? require('./a.js').shared.counter.n : require('./b.js').shared.counter.n\n`,
    )
    expect(loadInNewProcess(dir, [cacheDir])).toMatchObject({ count: 1, stale: true })
    writeFileSync(flag, '')
    // The first run through a.js resolves a specifier no run resolved before: that is new, and written.
    expect(loadInNewProcess(dir, [cacheDir])).toMatchObject({ count: 1, stale: true })
    rmSync(flag)
    expect(loadInNewProcess(dir, [cacheDir])).toMatchObject({ count: 1, stale: false, use: { missing: [], rejected: [] } })
    writeFileSync(flag, '')
    expect(loadInNewProcess(dir, [cacheDir])).toMatchObject({ count: 1, stale: false, use: { missing: [], rejected: [] } })
  })
})

describe('where the cache lives', () => {
  const env = { XDG_CACHE_HOME: '/home/u-cache' }
  it('beside the package: the node_modules it is installed in, a scoped one, or the checkout’s own; then the user’s cache directory', () => {
    expect(cacheDirectories('/p/node_modules/audio-task-mock', env, 'linux')).toEqual([
      '/p/node_modules/.cache/audio-task-mock',
      '/home/u-cache/audio-task-mock',
    ])
    expect(nodeModulesOf('/p/node_modules/@scope/audio-task-mock')).toBe('/p/node_modules')
    expect(nodeModulesOf('/work/checkout')).toBe('/work/checkout/node_modules')
    expect(cacheDirectories('/p/node_modules/audio-task-mock', {}, 'linux')[1]).toBe(join(homedir(), '.cache', 'audio-task-mock'))
  })

  it('only where AUDIO_TASK_MOCK_CODE_CACHE_DIR says, when it is set', () => {
    expect(cacheDirectories('/p/node_modules/audio-task-mock', { AUDIO_TASK_MOCK_CODE_CACHE_DIR: '/c' }, 'linux')).toEqual(['/c'])
  })
})

describe('the cache mode from the environment', () => {
  it('reads by default and takes off, report and write; anything else is an error that names the variable', () => {
    expect(cacheModeOf(undefined)).toBe('read')
    expect(cacheModeOf('')).toBe('read')
    expect(cacheModeOf('off')).toBe('off')
    expect(cacheModeOf('report')).toBe('report')
    expect(cacheModeOf('write')).toBe('write')
    expect(() => cacheModeOf('of')).toThrow('AUDIO_TASK_MOCK_CODE_CACHE="of": expected off, report or write (or unset)')
  })

  it('formats what a run used', () => {
    expect(formatCacheUse({ accepted: ['cli.js', 'a.js'], rejected: ['b.js'], missing: [] })).toBe(
      'code cache: 2 module(s) from cache, 1 rejected by V8 (b.js), 0 without one\n',
    )
  })
})

describe('the built CLI (dist/bin)', () => {
  /** A task's whole life, an asset and the admin API; resolves with the cache line the CLI printed at exit. */
  async function life(env: Record<string, string>): Promise<string | undefined> {
    const cli = await startCli(['--port', '0'], { AUDIO_TASK_MOCK_CODE_CACHE: 'report', ...env })
    const key = { 'x-api-key': 'demo-key' }
    const body = JSON.stringify({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: 'lofi' } })
    const created = (await (
      await fetch(`${cli.url}/api/v1/task`, { method: 'POST', headers: { ...key, 'content-type': 'application/json' }, body })
    ).json()) as {
      data: { task_id: string }
    }
    let task = ''
    for (let read = 0; read < 5 && !task.includes('"success"'); read++)
      task = await (await fetch(`${cli.url}/api/v1/task/${created.data.task_id}`, { headers: key })).text()
    const asset = /\/assets\/[^"]+/.exec(task)
    expect(asset).not.toBeNull()
    expect((await fetch(`${cli.url}${asset![0]}`)).status).toBe(200)
    expect((await fetch(`${cli.url}/__admin/health`)).status).toBe(200)
    cli.child.kill('SIGTERM')
    expect(await cli.exited).toEqual({ code: 0, signal: null })
    return /code cache: .*/.exec(cli.output())?.[0]
  }

  it('builds its cache at the first run and compiles a task’s whole life, an asset and the admin API from it at the next', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'atm-cache-'))
    expect(await life({ AUDIO_TASK_MOCK_CODE_CACHE_DIR: cacheDir })).toMatch(/^code cache: 0 module\(s\) from cache, 0 rejected by V8, \d+ without one/)
    expect(readdirSync(cacheDir)).toHaveLength(1)
    expect(await life({ AUDIO_TASK_MOCK_CODE_CACHE_DIR: cacheDir })).toMatch(/^code cache: \d+ module\(s\) from cache, 0 rejected by V8, 0 without one$/)
  }, 60_000)

  it('starts where the cache cannot be written, and two CLIs starting at once with no cache leave one whole cache', async () => {
    const root = mkdtempSync(join(tmpdir(), 'atm-cache-'))
    writeFileSync(join(root, 'a-file'), '')
    expect(await life({ AUDIO_TASK_MOCK_CODE_CACHE_DIR: join(root, 'a-file', 'cache') })).toMatch(/^code cache: 0 module\(s\) from cache/)
    const cacheDir = join(root, 'shared')
    await Promise.all([life({ AUDIO_TASK_MOCK_CODE_CACHE_DIR: cacheDir }), life({ AUDIO_TASK_MOCK_CODE_CACHE_DIR: cacheDir })])
    expect(readdirSync(cacheDir)).toHaveLength(1)
    expect(await life({ AUDIO_TASK_MOCK_CODE_CACHE_DIR: cacheDir })).toMatch(/^code cache: \d+ module\(s\) from cache, 0 rejected by V8, 0 without one$/)
  }, 60_000)

  it('refuses an unknown AUDIO_TASK_MOCK_CODE_CACHE with exit 2 and says which values it takes', async () => {
    await expect(startCli(['--port', '0'], { AUDIO_TASK_MOCK_CODE_CACHE: 'yes' })).rejects.toThrow(
      /exited with 2 before it was ready:\naudio-task-mock: AUDIO_TASK_MOCK_CODE_CACHE="yes": expected off, report or write \(or unset\)/,
    )
  })
})
