// Bundles the inspector page (src/inspector/page) into dist/inspector-page/: one script, one
// style sheet and the HTML shell, served by the fake at /__inspector (src/server/inspector-route.ts).
// No CDN and no runtime dependency: everything the page runs is in these three files.
import { copyFileSync, mkdirSync, rmSync } from 'node:fs'
import { build } from 'esbuild'
// The task types' labels, from the list tsc has just built (`npm run build` runs tsc first).
import { TASK_TYPE_LABELS } from '../dist/domain/task-types/labels.js'

const SOURCE = 'src/inspector/page'
const OUT = 'dist/inspector-page'

/**
 * The page's type filter imports src/domain/task-types/labels.ts; in the bundle that module is its
 * values, computed here from the registered types, so none of the types' code (nor faker's data,
 * which their generators read) is bundled into the page.
 */
const taskTypeLabels = {
  name: 'task-type-labels',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/]domain[\\/]task-types[\\/]labels\.ts$/ }, () => ({
      contents: `export const TASK_TYPE_LABELS = ${JSON.stringify(TASK_TYPE_LABELS)}`,
      loader: 'js',
    }))
  },
}

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
  plugins: [taskTypeLabels],
})
// esbuild names a CSS entry's output after the entry: keep the page's file names plain.
copyFileSync(`${OUT}/inspector-style.css`, `${OUT}/inspector.css`)
rmSync(`${OUT}/inspector-style.css`)
copyFileSync(`${SOURCE}/index.html`, `${OUT}/index.html`)
