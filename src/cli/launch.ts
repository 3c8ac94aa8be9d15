#!/usr/bin/env node
/**
 * The CLI's executable (`dist/bin/audio-task-mock.js`): a CommonJS launcher that runs the bundled
 * CLI (`cli.js` and its chunks) and the CommonJS dependencies they load through V8's code cache,
 * kept on this machine (docs/decisions/032). Built by scripts/bundle-cli.mjs as CommonJS, where
 * `__dirname` is the directory of the chunks; never compiled by tsc.
 */
import { dirname } from 'node:path'
import {
  cacheDirectories,
  cacheFileName,
  cacheModeOf,
  cacheStore,
  CODE_CACHE_ENV,
  createChunkLoader,
  formatCacheUse,
  nodeModulesOf,
  type CacheMode,
} from './code-cache.js'

/** The package's version, written in by the bundler. */
declare const PACKAGE_VERSION: string

/** A first run writes its cache this long after start (the first requests have compiled their code by then), and again at exit if more was compiled. */
const WRITE_AFTER_MS = 3000

let mode: CacheMode
try {
  mode = cacheModeOf(process.env[CODE_CACHE_ENV])
} catch (error) {
  process.stderr.write(`audio-task-mock: ${(error as Error).message}\n`)
  process.exit(2)
}
const packageRoot = dirname(dirname(__dirname))
const directories = cacheDirectories(packageRoot, process.env)
const loader = createChunkLoader(__dirname, {
  store: mode === 'off' ? null : cacheStore(directories, cacheFileName(packageRoot, PACKAGE_VERSION)),
  // The node_modules the dependencies are resolved from, and the package itself (a nested node_modules appears in it).
  layout: [nodeModulesOf(packageRoot), packageRoot],
})
const write = (): void => {
  try {
    loader.writeCache()
  } catch {
    // A cache is an optimisation: never a reason to fail.
  }
}
if (mode === 'write') process.once('exit', write)
else if (mode !== 'off') {
  process.once('exit', () => {
    if (loader.stale()) write()
  })
  setTimeout(() => {
    if (loader.stale()) write()
  }, WRITE_AFTER_MS).unref()
}
if (mode === 'report') process.once('exit', () => process.stderr.write(formatCacheUse(loader.cacheUse())))
loader.load('cli.js')
