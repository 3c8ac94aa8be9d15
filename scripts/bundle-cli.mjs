// Bundles the CLI into dist/bin/ with esbuild: one module graph of a few files instead of the
// ~400 files Node 20 would otherwise resolve and load at start-up (zod, yaml, faker…), which is
// most of the cold start. Modules the CLI imports lazily (the express app, verify, --state)
// stay in chunks of their own, loaded only when needed. Chunks sit beside the entry, so
// `new URL('../../scenarios/…', import.meta.url)` means the same in every file.
import { rmSync } from 'node:fs'
import { dirname } from 'node:path'
import { build } from 'esbuild'

// Chunk names carry content hashes: start empty so old chunks do not pile up.
rmSync('dist/bin', { recursive: true, force: true })

/**
 * zod re-exports its 60-odd message locales as `z.locales`; the fake never uses any but English
 * (which zod loads on its own), and their code is a third of what the CLI compiles at start-up.
 */
const englishZodOnly = {
  name: 'english-zod-only',
  setup(build) {
    build.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, (args) => ({
      contents: 'export { default as en } from "./en.js";',
      resolveDir: dirname(args.path),
    }))
  },
}

await build({
  entryPoints: { 'audio-task-mock': 'src/cli/bin.ts' },
  outdir: 'dist/bin',
  chunkNames: 'chunk-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // CommonJS dependencies bundled into ESM still call require() for Node's built-ins.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  plugins: [englishZodOnly],
  logLevel: 'warning',
})
