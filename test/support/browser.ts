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
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core'
import { inject } from 'vitest'
import { CHROMIUM_ARGS, chromiumPath } from './chromium.js'

export const ROOT = resolve(import.meta.dirname, '../..')

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set by vitest.config.ts: files share their worker's modules, so they may share its Chromium too. */
    sharedChromium: boolean
  }
}

/**
 * Headless Chromium. In `npm test` (files share their worker's modules, `isolate: false`) one
 * Chromium per test worker, launched when the worker's first browser test asks and ended with the
 * worker (its DevTools pipe closes); each file gets a Browser that opens its own contexts, each a
 * fresh profile, and whose `close()` closes only those. Elsewhere, a browser of its own.
 */
export async function launchChromium(): Promise<Browser> {
  if (inject('sharedChromium') !== true) return launch()
  return borrowed(await workerChromium())
}

const launch = () => chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS })
const workerChromium = perWorker(launch, (browser, gone) => void browser.on('disconnected', gone))

/**
 * `open()` once per test worker, its value shared by the worker's files. One that failed to open,
 * or that `watch` reports gone (a browser that died, a page that closed), is not handed to the next
 * caller: that one opens anew.
 */
export function perWorker<T>(open: () => Promise<T>, watch: (value: T, gone: () => void) => void): () => Promise<T> {
  let current: Promise<T> | null = null
  return () => {
    if (current === null) {
      const forget = () => void (current === opening && (current = null))
      const opening = open().then((value) => (watch(value, forget), value))
      opening.catch(forget)
      current = opening
    }
    return current
  }
}

/** `browser`, for one file: the contexts (and pages) it opens are its own, and `close()` closes those. */
function borrowed(browser: Browser): Browser {
  const opened = new Set<BrowserContext>()
  const track = (context: BrowserContext) => {
    opened.add(context)
    context.on('close', () => opened.delete(context))
    return context
  }
  return new Proxy(browser, {
    get(target, name) {
      if (name === 'newContext') return async (options?: BrowserContextOptions) => track(await target.newContext(options))
      if (name === 'newPage') {
        // As Browser.newPage: a context of the page's own, closed with it.
        return async (options?: BrowserContextOptions) => {
          const context = track(await target.newContext(options))
          const page = await context.newPage()
          page.on('close', () => void context.close().catch(() => undefined))
          return page
        }
      }
      if (name === 'close') return async () => void (await Promise.all([...opened].map((context) => context.close())))
      const value: unknown = Reflect.get(target, name, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
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
  /** Lets the process exit while the site still listens (a site kept for the worker's life). */
  unref(): void
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
    unref: () => void server.unref(),
  }
}
