/**
 * Loads the bundled CLI's CommonJS chunks, and the CommonJS dependencies they require, through
 * V8's code cache, built on the user's machine (docs/decisions/032).
 *
 * Node 20 has no compile cache of its own (`module.enableCompileCache` arrived in Node 22). Most
 * of the CLI's start-up went to Node loading zod and yaml: resolving ~170 files through package
 * `exports`, reading them and compiling them. This loader is a small CommonJS module system over
 * public APIs (`vm.Script` with `cachedData`, `createRequire`, `Module` and `require.cache`):
 * - a chunk's `./x.js` is a sibling chunk; any other specifier is resolved once by Node and the
 *   answer remembered in the cache, so later starts skip the resolution;
 * - a CommonJS file is compiled with the bytecode an earlier run left, and registered in
 *   `require.cache` (one instance, whoever asks); ES modules, JSON, addons and built-ins go to
 *   Node's own `require`;
 * - the bytecode of every module that ran, with the resolutions, is written to one file per Node
 *   version, flags, package version and install (`cacheStore`), a few seconds after start and at
 *   exit, atomically (temporary file, then rename). A place that cannot be written, a file that
 *   cannot be read and bytecode V8 refuses are all skipped silently: the module is compiled from
 *   source, as without any cache.
 * A cached module is used only while its file is the one it was made from (size, mtime, ctime
 * and inode); V8 checks its own version, flags and the source length.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { createRequire, isBuiltin, Module } from 'node:module'
import { homedir } from 'node:os'
import { basename, dirname, join, resolve as resolvePath, sep } from 'node:path'
import { constants as vmConstants, Script } from 'node:vm'

/**
 * `AUDIO_TASK_MOCK_CODE_CACHE`: `off` neither reads nor writes the cache (to measure what it
 * saves), `report` prints on exit how each module was compiled, `write` rewrites the cache at exit
 * even when nothing was missing from it (the build's warm-up).
 */
export const CODE_CACHE_ENV = 'AUDIO_TASK_MOCK_CODE_CACHE'
/** `AUDIO_TASK_MOCK_CODE_CACHE_DIR`: where to keep the cache instead of the default places. */
export const CODE_CACHE_DIR_ENV = 'AUDIO_TASK_MOCK_CODE_CACHE_DIR'
export type CacheMode = 'read' | 'off' | 'report' | 'write'

/** The mode the environment asks for; anything unknown is an error, not a silent default. */
export function cacheModeOf(value: string | undefined): CacheMode {
  if (value === undefined || value === '') return 'read'
  if (value === 'off' || value === 'report' || value === 'write') return value
  throw new Error(`${CODE_CACHE_ENV}=${JSON.stringify(value)}: expected off, report or write (or unset)`)
}

export function formatCacheUse(use: CacheUse): string {
  const list = (names: string[]) => (names.length === 0 ? '' : ` (${names.slice(0, 5).join(', ')}${names.length > 5 ? ', …' : ''})`)
  return `code cache: ${use.accepted.length} module(s) from cache, ${use.rejected.length} rejected by V8${list(use.rejected)}, ${use.missing.length} without one${list(use.missing)}\n`
}

export interface CacheUse {
  /** Modules compiled from bytecode V8 accepted. */
  readonly accepted: string[]
  /** Modules whose bytecode V8 refused (another Node version or other flags, or a damaged file). */
  readonly rejected: string[]
  /** Modules with no bytecode (the first run, or a file changed since). */
  readonly missing: string[]
}

/** Where the cache file lives: read from the first place that has it, written to the first that takes it. */
export interface CacheStore {
  read(): Buffer | undefined
  /** Writes atomically; returns the path written, or null when no place took it. */
  write(data: Buffer): string | null
}

export interface ChunkLoader {
  /** Runs a chunk of the directory (once) and returns its exports. */
  load(file: string): unknown
  /** How each module loaded so far was compiled (chunks by name, dependencies by their path in node_modules). */
  cacheUse(): CacheUse
  /** Whether the cache lacks something this run compiled (a module, a resolution). */
  stale(): boolean
  /** Writes the cache: the bytecode of every module loaded so far (functions compiled since included) and the entries of the old cache this run did not touch. */
  writeCache(): string | null
}

type ModuleFunction = (exports: unknown, require: NodeJS.Require, module: Module, filename: string, dirname: string) => void

/** What the cache file remembers about one module. */
interface Entry {
  /** The file's identity when the bytecode was made. */
  fingerprint: string
  /** The bytecode's place in the file's data section. */
  offset: number
  length: number
  /** Specifier → resolved file (or `null` for one Node's own require takes). */
  resolved: Record<string, string | null>
}

interface Manifest {
  /** The directories whose entries decide resolutions (the install's node_modules, the package): changed, the resolutions are redone. */
  layout: string
  modules: Record<string, Entry>
}

interface Loaded {
  readonly script: Script
  readonly fingerprint: string
  readonly resolved: Record<string, string | null>
}

const MAGIC = 'audio-task-mock code cache 1\n'

/** Size, mtime, ctime and inode: any write to the file changes its ctime, which nothing can set back. */
function statOf(file: string): string | undefined {
  try {
    const stat = statSync(file)
    return `${stat.size}/${stat.mtimeMs}/${stat.ctimeMs}/${stat.ino}`
  } catch {
    return undefined
  }
}

/** The cache file's parts, or nothing when it is not one (damaged, truncated, another format). */
function parse(data: Buffer | undefined): { manifest: Manifest; bytecode: Buffer } | undefined {
  if (data === undefined || data.length < MAGIC.length + 4 || data.toString('latin1', 0, MAGIC.length) !== MAGIC) return undefined
  try {
    const length = data.readUInt32LE(MAGIC.length)
    const start = MAGIC.length + 4
    const manifest = JSON.parse(data.toString('utf8', start, start + length)) as Manifest
    if (typeof manifest !== 'object' || manifest === null || typeof manifest.modules !== 'object' || manifest.modules === null) return undefined
    return { manifest, bytecode: data.subarray(start + length) }
  } catch {
    return undefined
  }
}

/** Node's CommonJS wrapper, on the source's first line so that line numbers in stacks stay right. */
const wrap = (source: string): string => `(function (exports, require, module, __filename, __dirname) { ${source}\n});`

function sourceOf(file: string): string {
  let source = readFileSync(file, 'utf8')
  if (source.charCodeAt(0) === 0xfeff) source = source.slice(1)
  // A hashbang is only valid at the very start of a script; the wrapper moves it.
  if (source.startsWith('#!')) source = `//${source.slice(2)}`
  return source
}

/** `vm.Script` with Node's own loader for `import()` inside a module (Node ≥ 20.12). */
const dynamicImport = (vmConstants as unknown as { USE_MAIN_CONTEXT_DEFAULT_LOADER?: symbol } | undefined)?.USE_MAIN_CONTEXT_DEFAULT_LOADER

function compile(file: string, cachedData: Buffer | undefined): Script {
  return new Script(wrap(sourceOf(file)), {
    filename: file,
    ...(cachedData === undefined ? {} : { cachedData }),
    ...(dynamicImport === undefined ? {} : { importModuleDynamically: dynamicImport as never }),
  })
}

/** How a module is named in reports: a chunk by its name, a dependency from its package on. */
function displayName(chunkDir: string, file: string): string {
  if (dirname(file) === chunkDir) return basename(file)
  const at = file.lastIndexOf(`node_modules${sep}`)
  return at === -1 ? file : file.slice(at + 'node_modules'.length + 1)
}

export interface LoaderOptions {
  /** Where the cache is read and written; none: compile everything from source. */
  store?: CacheStore | null
  /** Directories whose change (a package added, moved or replaced) makes remembered resolutions void. */
  layout?: readonly string[]
}

export function createChunkLoader(chunkDir: string, options: LoaderOptions = {}): ChunkLoader {
  const store = options.store ?? null
  const old = store === null ? undefined : parse(store.read())
  const oldModules = old?.manifest.modules ?? {}
  const layout = (options.layout ?? []).map((dir) => statOf(dir) ?? '').join('|')
  const sameLayout = old !== undefined && old.manifest.layout === layout
  const fingerprints = new Map<string, string | undefined>()
  const fingerprintOf = (file: string): string | undefined => {
    if (!fingerprints.has(file)) fingerprints.set(file, statOf(file))
    return fingerprints.get(file)
  }
  const nodeRequire = createRequire(join(chunkDir, 'noop.js'))
  const cache = nodeRequire.cache
  const loaded = new Map<string, Loaded>()
  const use: CacheUse = { accepted: [], rejected: [], missing: [] }
  let changed = false
  /** Package scope of a directory: CommonJS unless its nearest package.json says "module". */
  const scopes = new Map<string, boolean>()

  const isCommonJs = (file: string): boolean => {
    if (file.endsWith('.cjs')) return true
    if (!file.endsWith('.js')) return false
    const dirs: string[] = []
    let answer = true
    for (let dir = dirname(file); ; dir = dirname(dir)) {
      const known = scopes.get(dir)
      if (known !== undefined) {
        answer = known
        break
      }
      dirs.push(dir)
      let pkg: { type?: unknown } | undefined
      try {
        pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { type?: unknown }
      } catch {
        pkg = undefined
      }
      if (pkg !== undefined) {
        answer = pkg.type !== 'module'
        break
      }
      if (dirname(dir) === dir || basename(dir) === 'node_modules') break
    }
    for (const dir of dirs) scopes.set(dir, answer)
    return answer
  }

  /** Resolves a specifier of `from` to a file this loader runs, or null for Node's own require. */
  const resolveFrom = (from: string, specifier: string, remembered: Record<string, string | null>, resolved: Record<string, string | null>): string | null => {
    const before = remembered[specifier]
    if (before !== undefined && (before === null || fingerprintOf(before) !== undefined)) {
      resolved[specifier] = before
      return before
    }
    let target: string | null
    if (dirname(from) === chunkDir && specifier.startsWith('./') && !specifier.slice(2).includes('/')) target = join(chunkDir, specifier.slice(2))
    else {
      const file = createRequire(from).resolve(specifier)
      target = isBuiltin(file) || !isCommonJs(file) ? null : file
    }
    resolved[specifier] = target
    changed = true
    return target
  }

  const loadFile = (file: string, parent: Module | undefined): unknown => {
    const registered = cache[file]
    if (registered !== undefined) return registered.exports
    const fingerprint = fingerprintOf(file) ?? ''
    const entry = Object.hasOwn(oldModules, file) ? oldModules[file] : undefined
    const fits = entry !== undefined && entry.fingerprint === fingerprint && old !== undefined
    const cachedData = fits ? old.bytecode.subarray(entry.offset, entry.offset + entry.length) : undefined
    const script = compile(file, cachedData)
    const kind = cachedData === undefined ? 'missing' : script.cachedDataRejected === true ? 'rejected' : 'accepted'
    if (kind !== 'accepted') changed = true
    use[kind].push(file)
    const remembered = fits && sameLayout ? entry.resolved : {}
    // What this run resolves, over what earlier runs did: a run that takes another path through
    // the module (`check` where the last run served) keeps their answers, or the two would
    // rewrite the cache in turn. Each answer is checked again when it is used.
    const resolved: Record<string, string | null> = { ...remembered }
    loaded.set(file, { script, fingerprint, resolved })

    const module = new Module(file, parent)
    module.filename = file
    cache[file] = module
    let ownRequire: NodeJS.Require | undefined
    const native = (): NodeJS.Require => (ownRequire ??= createRequire(file))
    const require = ((specifier: string): unknown => {
      if (specifier.startsWith('node:') || isBuiltin(specifier)) return nodeRequire(specifier)
      const target = resolveFrom(file, specifier, remembered, resolved)
      return target === null ? native()(specifier) : loadFile(target, module)
    }) as NodeJS.Require
    Object.defineProperties(require, {
      resolve: { get: () => native().resolve },
      cache: { value: cache },
      main: { get: () => nodeRequire.main },
      extensions: { get: () => nodeRequire.extensions },
    })
    try {
      ;(script.runInThisContext() as ModuleFunction).call(module.exports, module.exports, require, module, file, dirname(file))
    } catch (error) {
      delete cache[file]
      throw error
    }
    module.loaded = true
    return module.exports
  }

  return {
    load: (name) => loadFile(join(chunkDir, name), undefined),
    cacheUse: () => {
      const named = (files: string[]) => files.map((file) => displayName(chunkDir, file))
      return { accepted: named(use.accepted), rejected: named(use.rejected), missing: named(use.missing) }
    },
    stale: () => changed || old === undefined,
    writeCache() {
      if (store === null) return null
      const modules: Record<string, Entry> = {}
      const parts: Buffer[] = []
      let offset = 0
      const add = (file: string, bytecode: Buffer, fingerprint: string, resolved: Record<string, string | null>): void => {
        modules[file] = { fingerprint, offset, length: bytecode.length, resolved }
        parts.push(bytecode)
        offset += bytecode.length
      }
      // What this run did not load stays, as it was: a run of `check` does not drop the server's modules.
      if (old !== undefined && sameLayout) {
        for (const [file, entry] of Object.entries(oldModules)) {
          if (!loaded.has(file)) add(file, old.bytecode.subarray(entry.offset, entry.offset + entry.length), entry.fingerprint, entry.resolved)
        }
      }
      for (const [file, { script, fingerprint, resolved }] of loaded) {
        if (fingerprint !== '') add(file, script.createCachedData(), fingerprint, resolved)
      }
      const manifest = Buffer.from(JSON.stringify({ layout, modules } satisfies Manifest))
      const length = Buffer.alloc(4)
      length.writeUInt32LE(manifest.length)
      const written = store.write(Buffer.concat([Buffer.from(MAGIC, 'latin1'), length, manifest, ...parts]))
      if (written !== null) changed = false
      return written
    },
  }
}

/**
 * The places the cache may live, best first: `AUDIO_TASK_MOCK_CODE_CACHE_DIR` if set (alone);
 * else `node_modules/.cache/audio-task-mock` of the node_modules the package is installed in (or
 * of the checkout), then the user's cache directory (`$XDG_CACHE_HOME`, `~/.cache`,
 * `~/Library/Caches` on macOS, `%LOCALAPPDATA%` on Windows).
 */
export function cacheDirectories(packageRoot: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): string[] {
  const chosen = env[CODE_CACHE_DIR_ENV]
  if (chosen !== undefined && chosen !== '') return [resolvePath(chosen)]
  const userCache =
    env['XDG_CACHE_HOME'] !== undefined && env['XDG_CACHE_HOME'] !== ''
      ? env['XDG_CACHE_HOME']
      : platform === 'win32' && env['LOCALAPPDATA'] !== undefined
        ? env['LOCALAPPDATA']
        : platform === 'darwin'
          ? join(homedir(), 'Library', 'Caches')
          : join(homedir(), '.cache')
  return [join(nodeModulesOf(packageRoot), '.cache', 'audio-task-mock'), join(userCache, 'audio-task-mock')]
}

/** The node_modules the package is installed in (`…/node_modules/audio-task-mock`, also under a scope), or the checkout's own. */
export function nodeModulesOf(packageRoot: string): string {
  const parent = dirname(packageRoot)
  if (basename(parent) === 'node_modules') return parent
  if (basename(parent).startsWith('@') && basename(dirname(parent)) === 'node_modules') return dirname(parent)
  return join(packageRoot, 'node_modules')
}

/**
 * The cache file's name: bytecode fits one Node build and one set of V8 flags, and the modules
 * it remembers are those of one install of one version of the package.
 */
export function cacheFileName(packageRoot: string, version: string): string {
  const key = createHash('sha256')
    .update(JSON.stringify([process.version, process.arch, process.execArgv, process.env['NODE_OPTIONS'] ?? '', packageRoot]))
    .digest('hex')
    .slice(0, 16)
  return `${version}-node${process.versions.node}-${key}.bin`
}

/**
 * `mkdir -p` that gives up at the first directory it cannot make. Node's own recursive mkdir
 * retries forever under /proc, where mkdir answers ENOENT below an existing directory.
 */
function makeDirectory(dir: string): void {
  const missing: string[] = []
  for (let at = dir; !existsSync(at) && dirname(at) !== at; at = dirname(at)) missing.push(at)
  for (const at of missing.reverse()) {
    try {
      mkdirSync(at)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
  }
}

export function cacheStore(directories: readonly string[], fileName: string): CacheStore {
  return {
    read() {
      for (const dir of directories) {
        try {
          return readFileSync(join(dir, fileName))
        } catch {
          // Not there: the next place, or none.
        }
      }
      return undefined
    },
    write(data) {
      for (const dir of directories) {
        const path = join(dir, fileName)
        // Another process starting at the same time writes its own temporary file; the last rename wins, whole.
        const temporary = `${path}.${process.pid}.${Date.now().toString(36)}.tmp`
        try {
          makeDirectory(dir)
          writeFileSync(temporary, data)
          renameSync(temporary, path)
          return path
        } catch {
          try {
            rmSync(temporary, { force: true })
          } catch {
            // The place is not usable at all: nothing was left there.
          }
        }
      }
      return null
    },
  }
}
