/**
 * The example's site, built with esbuild the way a front end's bundler would: `/` runs the page
 * against the fake in the page, `/http/` against the fake over HTTP (?api=URL), and
 * `/mockServiceWorker.js` is the worker script of the installed msw (what `npx msw init` copies).
 */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { build } from 'esbuild'

export type SiteFiles = Record<string, { type: string; body: string }>

const here = (path: string) => new URL(path, import.meta.url).pathname
const JS = 'text/javascript; charset=utf-8'
const HTML = 'text/html; charset=utf-8'

async function bundle(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [here(entry)],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    loader: { '.yaml': 'text' },
    write: false,
    logLevel: 'silent',
    // Inside this repository `audio-task-mock/browser` is the source (tsconfig paths); users get the package.
    tsconfig: here('../../tsconfig.json'),
  })
  return result.outputFiles[0]!.text
}

export async function buildSite(): Promise<SiteFiles> {
  const [html, inPage, overHttp, worker] = await Promise.all([
    readFile(here('./index.html'), 'utf8'),
    bundle('./in-page.ts'),
    bundle('./over-http.ts'),
    readFile(createRequire(import.meta.url).resolve('msw/mockServiceWorker.js'), 'utf8'),
  ])
  return {
    '/': { type: HTML, body: html },
    '/app.js': { type: JS, body: inPage },
    '/http/': { type: HTML, body: html },
    '/http/app.js': { type: JS, body: overHttp },
    '/mockServiceWorker.js': { type: JS, body: worker },
  }
}
