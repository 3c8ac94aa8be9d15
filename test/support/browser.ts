/**
 * Browser tests: Debian's Chromium driven by playwright-core (never a downloaded browser), pages
 * bundled with esbuild at test time and served from 127.0.0.1 (a secure context, so service
 * workers run), msw's own mockServiceWorker.js served from the installed msw so versions match.
 */
import { readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import { build } from 'esbuild'
import { chromium, type Browser } from 'playwright-core'
import { inject } from 'vitest'
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.js'

export const ROOT = resolve(import.meta.dirname, '../..')
export { CHROMIUM }

/**
 * Headless Chromium: in `npm test`, the run's shared browser (test/support/chromium-broker.ts) with
 * this Browser's own contexts, each a fresh profile; elsewhere a browser of its own. `close()`
 * closes what this Browser opened (and the browser, when it launched one).
 */
export async function launchChromium(): Promise<Browser> {
  const broker = inject('chromiumBroker')
  if (broker === undefined) return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS })
  const answer = await fetch(broker)
  if (!answer.ok) throw new Error(`the shared Chromium did not start: ${await answer.text()}`)
  return chromium.connect(await answer.text())
}

const bundles = new Map<string, Promise<string>>()

/**
 * A page script (TypeScript) bundled for the browser as one ES module, the way a front end's bundler
 * would. Bundled once per test worker and entry (the sources do not change during a run).
 */
export function bundlePage(entry: string, options: { alias?: Record<string, string> } = {}): Promise<string> {
  const key = JSON.stringify([entry, options.alias ?? null])
  let bundle = bundles.get(key)
  if (bundle === undefined) {
    bundle = bundleOnce(entry, options)
    bundles.set(key, bundle)
    bundle.catch(() => bundles.delete(key))
  }
  return bundle
}

async function bundleOnce(entry: string, options: { alias?: Record<string, string> }): Promise<string> {
  const result = await build({
    entryPoints: [resolve(ROOT, entry)],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    alias: options.alias,
    absWorkingDir: ROOT,
  })
  return result.outputFiles[0]!.text
}

export const MSW_WORKER = resolve(ROOT, 'node_modules/msw/lib/mockServiceWorker.js')

export interface Site {
  url: string
  close(): Promise<void>
}

export type SiteFiles = Record<string, { type: string; body: string | Uint8Array }>

const TYPES = { html: 'text/html; charset=utf-8', js: 'text/javascript; charset=utf-8' }

/** The files of a test page, with msw's worker script at /mockServiceWorker.js. */
export async function pageFiles(script: string, title = 'audio-task-mock test page'): Promise<SiteFiles> {
  return {
    '/': { type: TYPES.html, body: `<!doctype html><meta charset="utf-8"><title>${title}</title><body><script type="module" src="/app.js"></script></body>` },
    '/app.js': { type: TYPES.js, body: script },
    '/mockServiceWorker.js': { type: TYPES.js, body: await readFile(MSW_WORKER, 'utf8') },
  }
}

/** Serves `files` on 127.0.0.1 (any free port); anything else is a 404. */
export async function serveSite(files: SiteFiles): Promise<Site> {
  const server: Server = createServer((req, res) => {
    const file = files[(req.url ?? '/').split('?', 1)[0]!]
    if (file === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
      return
    }
    res.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' }).end(file.body)
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((done) => (server.closeAllConnections(), server.close(() => done()))),
  }
}
