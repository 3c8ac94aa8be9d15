// Bundles the inspector page (src/inspector/page) into dist/inspector-page/: one script, one
// style sheet and the HTML shell, served by the fake at /__inspector (src/server/inspector-route.ts).
// No CDN and no runtime dependency: everything the page runs is in these three files.
import { copyFileSync, mkdirSync, rmSync } from 'node:fs'
import { build } from 'esbuild'

const SOURCE = 'src/inspector/page'
const OUT = 'dist/inspector-page'

rmSync(OUT, { recursive: true, force: true })
mkdirSync(OUT, { recursive: true })
await build({
  entryPoints: { inspector: `${SOURCE}/main.ts`, 'inspector-style': `${SOURCE}/inspector.css` },
  outdir: OUT,
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: ['chrome110', 'firefox110', 'safari16'],
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
})
// esbuild names a CSS entry's output after the entry: keep the page's file names plain.
copyFileSync(`${OUT}/inspector-style.css`, `${OUT}/inspector.css`)
rmSync(`${OUT}/inspector-style.css`)
copyFileSync(`${SOURCE}/index.html`, `${OUT}/index.html`)
