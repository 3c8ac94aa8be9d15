/**
 * Loads the bundled CLI's CommonJS chunks through V8's code cache.
 *
 * Node 20 has no compile cache of its own (`module.enableCompileCache` arrived in Node 22), and
 * most of the CLI's start-up went to V8 compiling the ~1.2 MB of zod, yaml and faker that the
 * start path loads. `vm.Script` takes the bytecode V8 produced in an earlier run (`cachedData`),
 * so the build writes that bytecode once, after a warm-up run, and every later start reads it.
 * V8 checks each cache against its own version, flags and the source; a cache it rejects (another
 * Node, a `--inspect` run) only costs the compile that would have happened anyway.
 *
 * The loader is a tiny CommonJS module system for the chunks of one directory: `./x.js`
 * specifiers load a sibling chunk once (shared by everyone who asks, as Node would), anything
 * else goes to Node's own `require`. See docs/decisions/010-code-cache.md.
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { basename, dirname, join } from 'node:path'
import { Script } from 'node:vm'

/** Where the build keeps each chunk's bytecode, beside the chunks. */
export const CACHE_DIR_NAME = 'code-cache'
/**
 * `AUDIO_TASK_MOCK_CODE_CACHE`: `off` compiles without the cache (to measure what it saves),
 * `report` prints on exit how each chunk was compiled, `write` (the build's warm-up run) writes
 * on exit the bytecode of every chunk that ran.
 */
export const CODE_CACHE_ENV = 'AUDIO_TASK_MOCK_CODE_CACHE'
export type CacheMode = 'read' | 'off' | 'report' | 'write'

/** The mode the environment asks for; anything unknown is an error, not a silent default. */
export function cacheModeOf(value: string | undefined): CacheMode {
  if (value === undefined || value === '') return 'read'
  if (value === 'off' || value === 'report' || value === 'write') return value
  throw new Error(`${CODE_CACHE_ENV}=${JSON.stringify(value)}: expected off, report or write (or unset)`)
}

export function formatCacheUse(use: CacheUse): string {
  const list = (names: string[]) => (names.length === 0 ? '' : ` (${names.join(', ')})`)
  return `code cache: ${use.accepted.length} chunk(s) from cache, ${use.rejected.length} rejected by V8${list(use.rejected)}, ${use.missing.length} without one${list(use.missing)}\n`
}

type ModuleFunction = (exports: unknown, require: NodeJS.Require, module: { exports: unknown }, filename: string, dirname: string) => void

interface Loaded {
  readonly module: { exports: unknown }
  readonly script: Script
  readonly file: string
}

export interface CacheUse {
  /** Chunks compiled from a cache V8 accepted. */
  readonly accepted: string[]
  /** Chunks with a cache V8 refused (another Node version or other flags). */
  readonly rejected: string[]
  /** Chunks without a cache. */
  readonly missing: string[]
}

export interface ChunkLoader {
  /** Runs a chunk of the directory (once) and returns its exports. */
  load(file: string): unknown
  /** How each chunk loaded so far was compiled. */
  cacheUse(): CacheUse
  /** Writes the bytecode of every chunk loaded so far, functions compiled since included; returns the files written. */
  writeCaches(): string[]
}

function cachePath(chunkDir: string, file: string): string {
  return join(chunkDir, CACHE_DIR_NAME, `${basename(file)}.bin`)
}

function readCache(path: string): Buffer | undefined {
  try {
    return readFileSync(path)
  } catch {
    return undefined
  }
}

/** Node's CommonJS wrapper, on the source's first line so that line numbers in stacks stay right. */
const wrap = (source: string): string => `(function (exports, require, module, __filename, __dirname) { ${source}\n});`

/** A chunk wrapped as a CommonJS module, compiled with the given bytecode if any. */
function compile(file: string, cachedData: Buffer | undefined): Script {
  return new Script(wrap(readFileSync(file, 'utf8')), { filename: file, ...(cachedData === undefined ? {} : { cachedData }) })
}

export function createChunkLoader(chunkDir: string, options: { readCache?: boolean } = {}): ChunkLoader {
  const useCache = options.readCache ?? true
  const loaded = new Map<string, Loaded>()
  const use: CacheUse = { accepted: [], rejected: [], missing: [] }

  const load = (name: string): unknown => {
    const file = join(chunkDir, name)
    const known = loaded.get(file)
    if (known !== undefined) return known.module.exports
    const cachedData = useCache ? readCache(cachePath(chunkDir, file)) : undefined
    const script = compile(file, cachedData)
    const kind = cachedData === undefined ? 'missing' : script.cachedDataRejected === true ? 'rejected' : 'accepted'
    use[kind].push(name)
    const module = { exports: {} as unknown }
    loaded.set(file, { module, script, file })
    const nodeRequire = createRequire(file)
    const chunkRequire = Object.assign(
      (specifier: string): unknown => (specifier.startsWith('./') ? load(specifier.slice(2)) : nodeRequire(specifier)),
      nodeRequire,
    ) as NodeJS.Require
    ;(script.runInThisContext() as ModuleFunction).call(module.exports, module.exports, chunkRequire, module, file, dirname(file))
    return module.exports
  }

  return {
    load,
    cacheUse: () => ({ accepted: [...use.accepted], rejected: [...use.rejected], missing: [...use.missing] }),
    writeCaches() {
      mkdirSync(join(chunkDir, CACHE_DIR_NAME), { recursive: true })
      return [...loaded.values()].map(({ script, file }) => {
        const path = cachePath(chunkDir, file)
        writeFileSync(path, script.createCachedData())
        return path
      })
    },
  }
}

/**
 * Bytecode for the chunks no warm-up ran (verify, --state…): compiled, not run, so it holds
 * only what V8 compiles eagerly. Chunks that already have a cache, and the files in `except`
 * (the launcher, which Node itself loads), are left alone.
 */
export function writeMissingCaches(chunkDir: string, except: readonly string[]): string[] {
  mkdirSync(join(chunkDir, CACHE_DIR_NAME), { recursive: true })
  const written: string[] = []
  for (const name of readdirSync(chunkDir).filter((entry) => entry.endsWith('.js') && !except.includes(entry))) {
    const file = join(chunkDir, name)
    const path = cachePath(chunkDir, file)
    if (readCache(path) !== undefined) continue
    writeFileSync(path, compile(file, undefined).createCachedData())
    written.push(path)
  }
  return written
}
