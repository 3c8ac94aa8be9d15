// Bundles the CLI into dist/bin/ with esbuild, then starts it once as a smoke test
// (docs/decisions 009, 010 and 032).
//
// 1. Our own ~100 modules become a few chunks. The package's dependencies stay external: they are
//    installed beside the package, so bundling them would ship a second copy (decision 018).
//    Modules the CLI imports lazily (the express app, verify, --state) stay in chunks of their
//    own, loaded only when needed. Chunks sit beside the entry, so
//    `new URL('../../scenarios/…', import.meta.url)` means the same in every file.
// 2. esbuild splits only ES modules, and only scripts can be compiled from a code cache on Node
//    20, so each chunk is then rewritten as CommonJS (`import()` of a chunk becomes a require of
//    it) and the executable is a small launcher that loads them (src/cli/launch.ts).
// 3. A warm-up run of the default scenario serves a task's whole life, usage, an asset and the
//    admin API. It also writes the code cache of this checkout (node_modules/.cache), which an
//    installed package builds at its own first run instead: nothing in dist/ is tied to one Node.
// 4. When nothing it was built from changed since (the source files esbuild read, this script,
//    package.json and the lock file, all compared by size and modification time), it stops at
//    once: `npm test` builds before every run, and `npm ci` has just built. `--force` rebuilds.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { basename } from 'node:path'
import { build, transform } from 'esbuild'
import { CODE_CACHE_ENV } from '../dist/cli/code-cache.js'

const OUT = 'dist/bin'
const LAUNCHER = 'audio-task-mock.js'
/** What the last build was made from (see 4 above). */
const STAMP = `${OUT}/.built-from.json`
const ALWAYS_READ = ['scripts/bundle-cli.mjs', 'package.json', 'package-lock.json']

if (!process.argv.includes('--force') && upToDate()) {
  console.log(`${OUT}: up to date (nothing it is built from changed; --force rebuilds)`)
  process.exit(0)
}

// Chunk names carry content hashes: start empty so old chunks do not pile up.
rmSync(OUT, { recursive: true, force: true })
mkdirSync(OUT, { recursive: true })

const modules = await build({
  metafile: true,
  entryPoints: { cli: 'src/cli/bin.ts' },
  outdir: OUT,
  chunkNames: 'chunk-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // The package's dependencies are installed beside it: the chunks hold our code, never a second
  // copy of express, msw or faker (docs/decisions/018); zod alone is bundled (decision 035).
  plugins: [startUpShims(), dependenciesExternalButZod()],
  write: false,
  logLevel: 'warning',
})

const ZOD_NOTICE = `/*! Parts of zod (https://zod.dev) are bundled below. ${readFileSync('node_modules/zod/LICENSE', 'utf8').trim()} */\n`

for (const file of modules.outputFiles) {
  // esbuild heads each bundled module with its path; the CommonJS pass keeps only legal comments
  // (`//!`), so a dependency's path is made one: the package test reads them (only zod's may be here).
  const text = file.text.replace(/^#!/, '//#!').replace(/^\/\/ \S*(node_modules\/\S+)$/gm, '//! bundled: $1')
  const { code } = await transform(text, {
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    // `import('./chunk-x.js')` becomes `Promise.resolve().then(() => require('./chunk-x.js'))`,
    // so every chunk is loaded once, by the launcher's loader.
    supported: { 'dynamic-import': false },
    define: { 'import.meta.url': '__importMetaUrl' },
    banner: "var __importMetaUrl = require('node:url').pathToFileURL(__filename).href;",
    sourcefile: basename(file.path),
    logLevel: 'warning',
  })
  // A chunk holding zod carries zod's licence.
  writeFileSync(file.path, code.includes('//! bundled: node_modules/zod/') ? ZOD_NOTICE + code : code)
}
// The package is "type": "module"; everything in dist/bin is CommonJS.
writeFileSync(`${OUT}/package.json`, `${JSON.stringify({ type: 'commonjs' }, null, 2)}\n`)

const launcher = await build({
  metafile: true,
  entryPoints: { [LAUNCHER.replace(/\.js$/, '')]: 'src/cli/launch.ts' },
  outdir: OUT,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  // The cache file is named by the package's version (docs/decisions/032).
  define: { PACKAGE_VERSION: JSON.stringify(JSON.parse(readFileSync('package.json', 'utf8')).version) },
  logLevel: 'warning',
})

await warmUp()
// Written last: a build that failed half way leaves no stamp, so the next one starts afresh.
writeFileSync(STAMP, `${JSON.stringify(fingerprint([...ALWAYS_READ, ...sources(modules.metafile), ...sources(launcher.metafile)]))}\n`)

/** The files of ours esbuild read (the start-up shims are generated, not read). */
function sources(metafile) {
  return Object.keys(metafile.inputs).filter((path) => !path.includes(':'))
}

/** Each file with its size and modification time, and the Node that ran the build. */
function fingerprint(paths) {
  const files = Object.fromEntries([...new Set(paths)].sort().map((path) => [path, existsSync(path) ? [statSync(path).size, statSync(path).mtimeMs] : null]))
  return { node: process.version, files }
}

function upToDate() {
  if (!existsSync(STAMP) || !existsSync(`${OUT}/${LAUNCHER}`)) return false
  let built
  try {
    built = JSON.parse(readFileSync(STAMP, 'utf8'))
  } catch {
    return false
  }
  const now = fingerprint(Object.keys(built.files ?? {}))
  return JSON.stringify(now) === JSON.stringify(built)
}

/**
 * Four dependencies the start path imports are swapped in the CLI only (the library keeps them;
 * docs/decisions/032):
 * - `@noble/hashes/sha2.js` (ES modules: loading it starts Node's ES module loader, ~15% of the
 *   dependencies' start-up) gives `sha256` from `node:crypto`, the same bytes; its other exports
 *   are loaded from the real module when first used.
 * - `@faker-js/faker/locale/en` is loaded when one of its exports is first read, not at start-up:
 *   only a task's first success needs it.
 * - `re2js` (264 kB: only a scenario with a `matches` pattern needs it) and `fflate` (92 kB: only
 *   the first PNG cover needs it), likewise: a fifth of the bytes the CLI loaded before it listened.
 */
function startUpShims() {
  const lazy = (names) => names.map((name) => `  ${name}: { enumerable: true, get: () => real()[${JSON.stringify(name)}] },`)
  const shims = {
    '@noble/hashes/sha2.js': (names) =>
      names.map((name) =>
        name === 'sha256'
          ? `  sha256: { enumerable: true, value: (bytes) => { const h = require('node:crypto').createHash('sha256'); h.update(bytes); return new Uint8Array(h.digest()) } },`
          : `  ${name}: { enumerable: true, get: () => real()[${JSON.stringify(name)}] },`,
      ),
    '@faker-js/faker/locale/en': lazy,
    re2js: lazy,
    fflate: lazy,
  }
  return {
    name: 'start-up-shims',
    setup(build) {
      const filter = /^(@noble\/hashes\/sha2\.js|@faker-js\/faker\/locale\/en|re2js|fflate)$/
      // The shim's own require of the real module stays external.
      build.onResolve({ filter }, (args) =>
        args.namespace === 'start-up-shim' ? { path: args.path, external: true } : { path: args.path, namespace: 'start-up-shim' },
      )
      build.onLoad({ filter: /.*/, namespace: 'start-up-shim' }, async (args) => {
        // The export names are read from the installed module, so a new export is never missing.
        const names = Object.keys(await import(args.path))
        const lines = shims[args.path](names)
        // CommonJS: esbuild reads a CommonJS module's exports where they are used, so a getter
        // runs at the first use, not at import.
        const contents = `let loaded\nconst real = () => (loaded ??= require(${JSON.stringify(args.path)}))\nmodule.exports = Object.defineProperties({}, {\n${lines.join('\n')}\n})\n`
        return { contents, loader: 'js', resolveDir: process.cwd() }
      })
    },
  }
}

/**
 * Every package import stays a `require` of the installed package, except zod's: `require('zod')`
 * loads its 95 CommonJS modules (its 40 locales among them), a fifth of the CLI's start-up CPU,
 * where the part of zod the CLI uses, bundled, is one chunk of about 210 kB (decision 035).
 */
function dependenciesExternalButZod() {
  return {
    name: 'dependencies-external-but-zod',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => (/^zod(\/|$)/.test(args.path) ? undefined : { path: args.path, external: true }))
    },
  }
}

/** Starts the built CLI with the cache writer on, walks it through the common paths, stops it. */
async function warmUp() {
  const child = spawn(process.execPath, [`${OUT}/${LAUNCHER}`, '--port', '0', '--host', '127.0.0.1', '--scenario', 'scenarios/default.yaml'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    // The fake's own settings (an admin token, test mode) stay out of the warm-up: it serves the
    // default scenario as `npm start` does.
    env: { ...withoutOwnSettings(process.env), [CODE_CACHE_ENV]: 'write' },
  })
  let output = ''
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })))
  const base = await new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk.toString()
      const ready = /listening on (http:\/\/\S+)/.exec(output)
      if (ready) resolve(ready[1])
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    exited.then(({ code, signal }) => reject(new Error(`warm-up: the CLI exited (${code ?? signal}) before it was ready:\n${output}`)))
    setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`warm-up: the CLI was not ready after 30 s:\n${output}`))
    }, 30_000).unref()
  })
  try {
    const key = { 'x-api-key': 'demo-key' }
    const expect = async (path, init, status) => {
      // A hung request fails the build rather than hanging it.
      const response = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(10_000) })
      const text = await response.text()
      if (response.status !== status) throw new Error(`warm-up: ${init?.method ?? 'GET'} ${path} answered ${response.status}, not ${status}: ${text}`)
      return text
    }
    const body = JSON.stringify({ model: 'music-model', task_type: 'music', input: { gpt_description_prompt: 'warm-up', make_instrumental: false } })
    const created = JSON.parse(await expect('/api/v1/task', { method: 'POST', headers: { ...key, 'content-type': 'application/json' }, body }, 202))
    let task = ''
    for (let read = 0; read < 10 && !task.includes('"success"'); read++) task = await expect(`/api/v1/task/${created.data.task_id}`, { headers: key }, 200)
    if (!task.includes('"success"')) throw new Error(`warm-up: the task did not succeed in 10 reads: ${task}`)
    await expect('/api/v1/account/usage', { headers: key }, 200)
    await expect('/api/v1/task/no-such-task', { headers: key }, 404)
    const asset = /\/assets\/[^"]+/.exec(task)
    if (asset === null) throw new Error(`warm-up: no asset URL in ${task}`)
    await expect(asset[0], undefined, 200)
    await expect('/__admin/health', undefined, 200)
  } finally {
    child.kill('SIGTERM')
  }
  const { code, signal } = await exited
  if (code !== 0) throw new Error(`warm-up: the CLI exited with ${code ?? signal}:\n${output}`)
}

function withoutOwnSettings(env) {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith('AUDIO_TASK_MOCK_')))
}
