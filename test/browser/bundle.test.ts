/**
 * The browser entry bundles for a page: no errors, no Node built-in, no express, no http-middleware.
 * Checked on the source entry and through the package's exports (`audio-task-mock/browser`, and `.`
 * under the `browser` condition, which bundlers for the web pick), as a user's bundler resolves them.
 */
import { mkdtemp, mkdir, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { build, type Metafile } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const ROOT = resolve(import.meta.dirname, '../..')

async function bundle(options: { entry?: string; source?: string; resolveDir?: string }) {
  const result = await build({
    ...(options.entry !== undefined
      ? { entryPoints: [options.entry] }
      : { stdin: { contents: options.source!, resolveDir: options.resolveDir!, loader: 'ts' } }),
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
    absWorkingDir: ROOT,
  }).catch((error: { errors?: unknown[] }) => ({ errors: error.errors ?? [error], metafile: undefined, warnings: [] }))
  return result as { errors: unknown[]; warnings: unknown[]; metafile?: Metafile }
}

/** Every module the bundle pulls in, and every import it leaves to the runtime. */
function graph(metafile: Metafile): { inputs: string[]; external: string[] } {
  const inputs = Object.keys(metafile.inputs)
  const external = Object.values(metafile.inputs).flatMap((input) => input.imports.filter((i) => i.external).map((i) => i.path))
  return { inputs, external }
}

function expectBrowserSafe(result: Awaited<ReturnType<typeof bundle>>): void {
  expect(result.errors).toEqual([])
  const { inputs, external } = graph(result.metafile!)
  expect(external.filter((path) => path.startsWith('node:'))).toEqual([])
  expect(external).toEqual([])
  expect(inputs.filter((path) => /node_modules\/(express|@mswjs\/http-middleware|body-parser)\//.test(path))).toEqual([])
  expect(inputs.filter((path) => /src\/(server|cli|state)\/|admin-auth/.test(path))).toEqual([])
  // Test mode (the OpenAPI document and its validator) is Node's, switched on by an environment variable a page does not have.
  expect(inputs.filter((path) => /node_modules\/ajv(-formats)?\/|openapi\/(test-mode|environment-check|response-validator)\.[jt]s$/.test(path))).toEqual([])
  // zod is imported by name (src/zod.ts), so its locales other than English stay out (366 kB when they did not).
  const written = Object.values(result.metafile!.outputs).flatMap((output) => Object.entries(output.inputs))
  expect(written.filter(([path, { bytesInOutput }]) => /node_modules\/zod\/.*locales\/(?!en\.)/.test(path) && bytesInOutput > 0).map(([path]) => path)).toEqual(
    [],
  )
}

describe('the browser entry', () => {
  it('bundles for the browser from source with no error, no node: import and no express', async () => {
    const result = await bundle({ entry: 'src/browser.ts' })
    expectBrowserSafe(result)
    expect(Object.keys(result.metafile!.inputs)).toContain('src/media/png.ts')
  })

  it('is what the Node entry would be, for contrast: that one does not bundle for a page', async () => {
    const result = await bundle({ entry: 'src/index.ts' })
    expect(result.errors.length).toBeGreaterThan(0)
  })

  describe('through the package exports (dist, built by npm test)', () => {
    let project: string
    beforeAll(async () => {
      project = await mkdtemp(join(tmpdir(), 'atm-browser-'))
      await mkdir(join(project, 'node_modules'))
      await symlink(ROOT, join(project, 'node_modules', 'audio-task-mock'), 'dir')
    })
    afterAll(async () => rm(project, { recursive: true, force: true }))

    it.each(['audio-task-mock/browser', 'audio-task-mock'])('import from %s resolves to the browser build', async (specifier) => {
      const result = await bundle({ source: `export { createMock, parsePng } from '${specifier}'`, resolveDir: project })
      expectBrowserSafe(result)
      expect(Object.keys(result.metafile!.inputs).some((path) => path.endsWith('dist/browser.js'))).toBe(true)
    })
  })
})
