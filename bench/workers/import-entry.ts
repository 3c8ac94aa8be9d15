/**
 * Importing the package's main entry in a fresh process: `node import-entry.js ENTRY_FILE`.
 * Times `await import(ENTRY_FILE)` and reports whether express came with it. express is
 * CommonJS, and CommonJS modules an ES module imports are loaded through the CommonJS loader
 * into its cache (`require.cache`, the same object for every `createRequire`), so a file under
 * a `node_modules/express/` directory there means express was loaded, whoever imported it.
 * This script imports nothing of the package before the entry. Prints one JSON line.
 */
import { createRequire } from 'node:module'
import { performance } from 'node:perf_hooks'
import { pathToFileURL } from 'node:url'

const entry = process.argv[2]
if (entry === undefined) throw new Error('usage: node import-entry.js ENTRY_FILE')
const start = performance.now()
await import(pathToFileURL(entry).href)
const ms = performance.now() - start
const loaded = Object.keys(createRequire(import.meta.url).cache)
const express = loaded.filter((file) => /[\\/]node_modules[\\/]express[\\/]/.test(file)).length
process.stdout.write(`${JSON.stringify({ ms, express, cjs: loaded.length })}\n`)
