// The standalone executable's main script (scripts/build-exe.mjs bundles it, with every
// dependency, into one CommonJS file that Node's single executable applications embed).
//
// The CLI finds its files (the bundled scenarios, openapi.json, package.json, the inspector page)
// relative to `import.meta.url`. In the executable they are embedded as one asset; they are written
// once into a folder named by their content hash, and `import.meta.url` (replaced at build time by
// `__atmMetaUrl`) points into that folder, so every lookup finds them unchanged.
import { getAsset } from 'node:sea'
import { pathToFileURL } from 'node:url'
import { unpackFiles } from './unpack-files.mjs'

const files = JSON.parse(getAsset('files.json', 'utf8'))
const root = unpackFiles(files, process.env)
globalThis.__atmMetaUrl = pathToFileURL(`${root}/dist/bin/cli.js`).href

import('../../src/cli/main.ts')
  .then(({ main }) => main(process.argv.slice(2)))
  .then(
    (code) => {
      if (code !== null) process.exitCode = code
    },
    (error) => {
      process.stderr.write(`audio-task-mock: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
      process.exitCode = 1
    },
  )
