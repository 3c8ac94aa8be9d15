/**
 * The browser door: the fake from `audio-task-mock/browser` in a Chromium page, behind msw's
 * setupWorker and its mockServiceWorker.js. Requests are sent with the page's own `fetch`, so they
 * go through the service worker exactly as a front end's would; the answer (status, headers, body)
 * comes back to the test as a Response, so the suites written for the other doors run unchanged.
 *
 * The suites move the clock synchronously (`fake.mock.clock.advance('5s')`, `fake.mock.reset()`)
 * while the fake lives in the page: the door queues each move and applies it, in order, before the
 * next request or look at a ledger. That is all a suite can observe, since only those show it. Anything else on `mock`
 * throws, naming what it was asked for, so a suite that needs more fails plainly.
 */
import type { Browser, Page } from 'playwright-core'
import type { PageReply } from '../browser/pages/fake-page.js'
import { inject } from 'vitest'
import { bundlePage, launchChromium, pageFiles, perWorker, serveSite, type Site } from './browser.js'
import { send, type Door, type Fetcher, type Sabotage } from './doors.js'
import { queuedMock, type Queued } from './queued-mock.js'

export interface BrowserDoor extends Door {
  /** The page, once set up (for tests that look at more than the answers). */
  readonly page: Page
}

/** A Response built from what the page saw (statuses without a body get none). */
export function toResponse(reply: PageReply): Response {
  const empty = reply.status === 204 || reply.status === 304 || reply.status < 200
  return new Response(empty ? null : reply.text, { status: reply.status, headers: reply.headers })
}

export function pageFetcher(page: Page): Fetcher {
  return async (url, init) => toResponse(await page.evaluate(([u, i]) => window.__fake.fetch(u, i), [url, init] as const))
}

/** The fake's page, loaded and its worker started: on `site`, in `browser`. */
interface FakePage {
  browser: Browser
  site: Site
  page: Page
}

async function openFakePage(): Promise<FakePage> {
  const site = await serveSite(await pageFiles(await bundlePage('test/browser/pages/fake-page.ts')))
  const browser = await launchChromium()
  try {
    const page = await browser.newPage()
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`))
    await page.goto(site.url)
    await page.waitForFunction(() => window.__fake !== undefined)
    await page.evaluate(() => window.__fake.ready.then(() => undefined))
    return { browser, site, page }
  } catch (error) {
    await browser.close()
    await site.close()
    throw error
  }
}

/**
 * In `npm test` (files share their worker's modules and Chromium), one fake page per worker for
 * every file that runs the browser door: the page holds no state between tests (each starts its
 * own fake, and `stop()` removes its handlers), and a new context and page load cost more of
 * Chromium's CPU than the tests of a small file. Its site server does not keep the worker alive;
 * Chromium ends with the worker. Anywhere else, each door opens and closes a page of its own.
 */
const workerPage = perWorker(openFakePage, (opened, gone) => {
  opened.site.unref()
  opened.page.once('close', gone).once('crash', gone)
  opened.browser.once('disconnected', gone)
})

function fakePage(): { opened: Promise<FakePage>; shared: boolean } {
  if (inject('sharedChromium') !== true) return { opened: openFakePage(), shared: false }
  return { opened: workerPage(), shared: true }
}

export function browserDoor(): BrowserDoor {
  let opened: FakePage | null = null
  let shared = false
  return {
    name: 'browser (msw setupWorker in Chromium)',
    needs: ['chromium'],
    get page() {
      return opened!.page
    },
    async setup() {
      const found = fakePage()
      shared = found.shared
      opened = await found.opened
    },
    async teardown() {
      if (opened !== null && !shared) {
        await opened.browser.close()
        await opened.site.close()
      }
      opened = null
    },
    async start(scenario) {
      const { page, site } = opened!
      await page.evaluate((text) => window.__fake.start(text), scenario)
      const origin = site.url
      const queue: Queued[] = []
      const fetchInPage = pageFetcher(page)
      const flush = async () => {
        while (queue.length > 0) {
          const step = queue.shift()!
          await page.evaluate((s) => ('reset' in s ? window.__fake.mock!.reset() : window.__fake.advance(s.advance)), step)
        }
      }
      const flushed: Fetcher = async (url, init) => (await flush(), fetchInPage(url, init))
      const ledger = async (key: string) => (await flush(), page.evaluate((k) => window.__fake.mock!.world.account(k)?.ledger, key))
      const mock = queuedMock(queue, 'browser door', 'the fake runs in the page', 'page.evaluate')
      const scenarioOf = await import('../../src/scenario/resolve-scenario.js').then(({ resolveScenario }) => resolveScenario(scenario))
      const sabotage = async (how: Sabotage) => (await flush(), page.evaluate((h) => window.__fake.sabotage(h), how))
      return { mock, origin, ledger, sabotage, call: (method, path, options) => send(origin, method, path, options, scenarioOf, flushed) }
    },
    async stop() {
      await opened?.page.evaluate(() => window.__fake.stop())
    },
  }
}
