/** The chunk loader behind the CLI's executable: CommonJS semantics, and V8's code cache used when it fits. */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { startCli } from '../support/spawn-cli.js'
import { cacheModeOf, CACHE_DIR_NAME, createChunkLoader, formatCacheUse, writeMissingCaches } from '../../src/cli/code-cache.js'

/**
 * A directory of CommonJS chunks: an entry that requires two chunks that both require a third.
 * Each source names its directory: V8 keeps what it compiled per process, keyed by the source,
 * and would otherwise answer a later test from memory without looking at any cache.
 */
function chunks(): string {
  const dir = mkdtempSync(join(tmpdir(), 'atm-chunks-'))
  const tag = `// ${dir}\n`
  writeFileSync(join(dir, 'shared.js'), `${tag}exports.counter = { n: 0 }\n`)
  writeFileSync(join(dir, 'a.js'), `${tag}const shared = require('./shared.js')\nshared.counter.n++\nexports.shared = shared\n`)
  writeFileSync(join(dir, 'b.js'), `${tag}const shared = require('./shared.js')\nshared.counter.n++\nexports.shared = shared\n`)
  writeFileSync(
    join(dir, 'cli.js'),
    [
      "const { join } = require('node:path') // " + dir,
      "const a = require('./a.js')",
      "const b = require('./b.js')",
      'module.exports = { same: a.shared === b.shared, count: a.shared.counter.n, joined: join("x", "y"), file: __filename, self: this === module.exports }',
      'module.exports.fail = () => { throw new Error("from line 5") }',
    ].join('\n'),
  )
  return dir
}

interface Entry {
  same: boolean
  count: number
  joined: string
  file: string
  self: boolean
  fail: () => never
}

const LOADER = fileURLToPath(new URL('../../dist/cli/code-cache.js', import.meta.url))

/** Loads `cli.js` of the directory with the built loader in a new process, where V8 has compiled nothing yet. */
function loadInNewProcess(dir: string): { count: number; use: unknown } {
  const script = `import { createChunkLoader } from ${JSON.stringify(LOADER)}
const loader = createChunkLoader(${JSON.stringify(dir)})
const entry = loader.load('cli.js')
process.stdout.write(JSON.stringify({ count: entry.count, use: loader.cacheUse() }))`
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }))
}

describe('createChunkLoader', () => {
  it('runs each chunk once, shares it among the chunks that require it, and hands the rest to Node', () => {
    const dir = chunks()
    const entry = createChunkLoader(dir).load('cli.js') as Entry
    expect(entry).toMatchObject({ same: true, count: 2, joined: join('x', 'y'), file: join(dir, 'cli.js'), self: true })
  })

  it('keeps line numbers: a stack names the chunk and the line of the throw', () => {
    const entry = createChunkLoader(chunks()).load('cli.js') as Entry
    expect(() => entry.fail()).toThrow('from line 5')
    try {
      entry.fail()
    } catch (error) {
      expect((error as Error).stack).toMatch(/cli\.js:5:/)
    }
  })

  it('compiles without a cache, writes one for every chunk that ran, and the next loader takes it', () => {
    const dir = chunks()
    const first = createChunkLoader(dir)
    first.load('cli.js')
    expect(first.cacheUse()).toEqual({ accepted: [], rejected: [], missing: ['cli.js', 'a.js', 'shared.js', 'b.js'] })
    expect(first.writeCaches().map((path) => path.slice(dir.length + 1)).sort()).toEqual(
      ['a.js', 'b.js', 'cli.js', 'shared.js'].map((name) => join(CACHE_DIR_NAME, `${name}.bin`)),
    )

    expect(loadInNewProcess(dir)).toEqual({ count: 2, use: { accepted: ['cli.js', 'a.js', 'shared.js', 'b.js'], rejected: [], missing: [] } })
  })

  it('falls back to a plain compile when V8 refuses a cache, and runs the same', () => {
    const dir = chunks()
    const first = createChunkLoader(dir)
    first.load('cli.js')
    first.writeCaches()
    writeFileSync(join(dir, CACHE_DIR_NAME, 'a.js.bin'), Buffer.from('not bytecode at all'))
    // A chunk changed after its cache was written: V8 checks the source against the cache.
    writeFileSync(join(dir, 'b.js'), "const shared = require('./shared.js')\nshared.counter.n += 10\nexports.shared = shared\n")

    expect(loadInNewProcess(dir)).toEqual({ count: 11, use: { accepted: ['cli.js', 'shared.js'], rejected: ['a.js', 'b.js'], missing: [] } })
  })

  it('ignores the cache when asked to (AUDIO_TASK_MOCK_CODE_CACHE=off)', () => {
    const dir = chunks()
    const first = createChunkLoader(dir)
    first.load('cli.js')
    first.writeCaches()
    const loader = createChunkLoader(dir, { readCache: false })
    loader.load('cli.js')
    expect(loader.cacheUse().accepted).toEqual([])
    expect(loader.cacheUse().missing).toHaveLength(4)
  })
})

describe('writeMissingCaches', () => {
  it('compiles the chunks no run has cached, leaving cached ones and the excepted files alone', () => {
    const dir = chunks()
    const loader = createChunkLoader(dir)
    loader.load('a.js')
    loader.writeCaches()
    const written = writeMissingCaches(dir, ['cli.js'])
    expect(written.map((path) => path.slice(dir.length + 1)).sort()).toEqual([join(CACHE_DIR_NAME, 'b.js.bin')])
    expect(readdirSync(join(dir, CACHE_DIR_NAME)).sort()).toEqual(['a.js.bin', 'b.js.bin', 'shared.js.bin'])
    expect(existsSync(join(dir, CACHE_DIR_NAME, 'cli.js.bin'))).toBe(false)

    writeFileSync(join(dir, 'cli.js'), "module.exports = { count: require('./b.js').shared.counter.n }\n")
    expect(loadInNewProcess(dir)).toEqual({ count: 1, use: { accepted: ['b.js', 'shared.js'], rejected: [], missing: ['cli.js'] } })
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
      'code cache: 2 chunk(s) from cache, 1 rejected by V8 (b.js), 0 without one\n',
    )
  })
})

describe('the built CLI (dist/bin)', () => {
  it('compiles every chunk of a task\'s whole life, an asset and the admin API from the cache the build wrote', async () => {
    const cli = await startCli(['--port', '0'], { AUDIO_TASK_MOCK_CODE_CACHE: 'report' })
    const key = { 'x-api-key': 'demo-key' }
    const body = JSON.stringify({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: 'lofi' } })
    const created = (await (await fetch(`${cli.url}/api/v1/task`, { method: 'POST', headers: { ...key, 'content-type': 'application/json' }, body })).json()) as {
      data: { task_id: string }
    }
    let task = ''
    for (let read = 0; read < 5 && !task.includes('"success"'); read++) task = await (await fetch(`${cli.url}/api/v1/task/${created.data.task_id}`, { headers: key })).text()
    const asset = /\/assets\/[^"]+/.exec(task)
    expect(asset).not.toBeNull()
    expect((await fetch(`${cli.url}${asset![0]}`)).status).toBe(200)
    expect((await fetch(`${cli.url}/__admin/health`)).status).toBe(200)
    cli.child.kill('SIGTERM')
    expect(await cli.exited).toEqual({ code: 0, signal: null })
    const line = /code cache: .*/.exec(cli.output())?.[0]
    expect(line).toMatch(/^code cache: \d+ chunk\(s\) from cache, 0 rejected by V8, 0 without one$/)
  })

  it('refuses an unknown AUDIO_TASK_MOCK_CODE_CACHE with exit 2 and says which values it takes', async () => {
    await expect(startCli(['--port', '0'], { AUDIO_TASK_MOCK_CODE_CACHE: 'yes' })).rejects.toThrow(
      /exited with 2 before it was ready:\naudio-task-mock: AUDIO_TASK_MOCK_CODE_CACHE="yes": expected off, report or write \(or unset\)/,
    )
  })
})
