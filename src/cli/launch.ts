#!/usr/bin/env node
/**
 * The CLI's executable (`dist/bin/audio-task-mock.js`): a CommonJS launcher that runs the bundled
 * CLI (`cli.js` and its chunks) through V8's code cache. Built by scripts/bundle-cli.mjs as
 * CommonJS, where `__dirname` is the directory of the chunks; never compiled by tsc.
 */
import { cacheModeOf, CODE_CACHE_ENV, createChunkLoader, formatCacheUse, type CacheMode } from './code-cache.js'

let mode: CacheMode
try {
  mode = cacheModeOf(process.env[CODE_CACHE_ENV])
} catch (error) {
  process.stderr.write(`audio-task-mock: ${(error as Error).message}\n`)
  process.exit(2)
}
const loader = createChunkLoader(__dirname, { readCache: mode !== 'off' })
if (mode === 'write') process.once('exit', () => loader.writeCaches())
if (mode === 'report') process.once('exit', () => process.stderr.write(formatCacheUse(loader.cacheUse())))
loader.load('cli.js')
